package lint

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// Mode rules: input and output modes are media types (RFC 6838), on the
// card (defaultInputModes, defaultOutputModes) and on each skill
// (inputModes, outputModes). Empty required lists are structure findings.
const (
	codeModeNotMediaType = "mode-not-media-type"
	codeModeMediaRange   = "mode-media-range"
)

func modeRules() []*Rule {
	return []*Rule{
		&Rule{Rule: diag.Rule{Code: codeModeNotMediaType, Severity: Warning, Topic: "modes", Title: "Mode is not a media type",
			Explanation: "Modes say which content the agent accepts and produces, written as media types such as text/plain or application/json (§4.4.1). Words like text, json or 文本 are not media types: a caller that matches parts by media type never matches them, and the card tells callers nothing they can rely on. It is a warning because the 1.0 proto and the 0.3 JSON Schema accept any string here.",
			HowToFix:    "Write the media type: text → text/plain, json → application/json, markdown → text/markdown, html → text/html, pdf → application/pdf. For images, audio or video name the exact format (image/png, audio/mpeg, video/mp4).",
			Basis:       Basis{Kind: BasisLikelyFailure},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.4.1", Title: "AgentCard", URL: "https://a2a-protocol.org/v1.0.0/specification/#441-agentcard"},
				{Doc: "A2A", Version: "1.0", Section: "4.4.5", Title: "AgentSkill", URL: "https://a2a-protocol.org/v1.0.0/specification/#445-agentskill"},
				{Doc: "RFC 6838", Version: "", Section: "4.2", Title: "", URL: "https://www.rfc-editor.org/rfc/rfc6838#section-4.2"},
			},
			Messages: []diag.Message{
				{ID: "msg.mode-not-media-type", Text: "%s %s is not a media type; modes are written type/subtype, such as text/plain or application/json"},
				{ID: "msg.mode-not-media-type.known", Text: "%s %s is not a media type; write %s"},
				{ID: "msg.mode-not-media-type.family", Text: "%s %s is not a media type; name the exact format, for example %s"},
				{ID: "msg.mode-not-media-type.top-level", Text: "%s %s is not a registered media type: %s is not a top-level type (application, audio, image, text, video, …)"},
				{ID: "msg.mode-not-media-type.syntax", Text: "%s %s is not a well-formed media type (type/subtype, optionally ; parameters)"},
			},
			Bad:  `"defaultInputModes": ["text", "json"]`,
			Good: `"defaultInputModes": ["text/plain", "application/json; charset=utf-8"]`}, Check: checkModeNotMediaType},
		&Rule{Rule: diag.Rule{Code: codeModeMediaRange, Severity: Info, Topic: "modes", Title: "Mode is a wildcard",
			Explanation: "A wildcard such as */* or image/* is an HTTP Accept range, not a media type. Compared as a string, it matches no concrete type a caller has; read as a range, it promises \"anything\", which rarely holds.",
			HowToFix:    "List the concrete media types the agent really handles.",
			Basis:       Basis{Kind: BasisAdvice},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.4.1", Title: "AgentCard", URL: "https://a2a-protocol.org/v1.0.0/specification/#441-agentcard"},
				{Doc: "A2A", Version: "1.0", Section: "4.4.5", Title: "AgentSkill", URL: "https://a2a-protocol.org/v1.0.0/specification/#445-agentskill"},
				{Doc: "RFC 9110", Version: "", Section: "12.5.1", Title: "", URL: "https://www.rfc-editor.org/rfc/rfc9110#section-12.5.1"},
			},
			Messages: []diag.Message{
				{ID: "msg.mode-media-range", Text: "%s %s is a wildcard range, not a media type; list the concrete types the agent handles"},
			},
			Bad:  `"defaultInputModes": ["image/*"]`,
			Good: `"defaultInputModes": ["image/png", "image/jpeg"]`}, Check: checkModeMediaRange},
	}
}

// mediaClass is what isMediaType found.
type mediaClass uint8

const (
	mediaOK         mediaClass = iota
	mediaRange                 // */*, text/*
	mediaNotType               // no type/subtype at all: text, json, 文本
	mediaBadSyntax             // type/subtype present, but a token or parameter is malformed
	mediaUnknownTop            // file/pdf: the top-level type is not registered
)

// registeredTopTypes are the IANA top-level media types (RFC 6838 §4.2
// and later registrations).
var registeredTopTypes = map[string]bool{
	"application": true, "audio": true, "example": true, "font": true, "haptics": true, "image": true,
	"message": true, "model": true, "multipart": true, "text": true, "video": true,
}

// isMediaType reports whether s is a media type, type "/" subtype with
// optional parameters, per RFC 6838 restricted names.
func isMediaType(s string) bool { return classifyMediaType(s) == mediaOK }

func classifyMediaType(s string) mediaClass {
	full := strings.TrimSpace(s)
	base := full
	params := ""
	if i := strings.IndexByte(full, ';'); i >= 0 {
		base, params = strings.TrimSpace(full[:i]), full[i:]
	}
	slash := strings.IndexByte(base, '/')
	if slash < 0 {
		return mediaNotType
	}
	top, sub := strings.ToLower(base[:slash]), strings.ToLower(base[slash+1:])
	if top == "*" || (sub == "*" && isRestrictedName(top)) {
		return mediaRange
	}
	if !isRestrictedName(top) || !isRestrictedName(sub) {
		return mediaBadSyntax
	}
	if params != "" {
		if !mediaParamsOK(params) {
			return mediaBadSyntax
		}
	}
	if !registeredTopTypes[top] && !strings.HasPrefix(top, "x-") {
		return mediaUnknownTop
	}
	return mediaOK
}

// mediaParamsOK reports whether params (from the first ';' on) are
// parameters mime.ParseMediaType accepts: ; attribute=value, each value a
// token or a quoted string, white space around them, a trailing ';', and
// one name twice only with the same value. It is that reading without
// package mime (40 KB of the editor's wasm for this one check);
// modes_test.go compares the two.
func mediaParamsOK(params string) bool {
	seen := map[string]string{}
	for v := params; ; {
		v = strings.TrimLeftFunc(v, unicode.IsSpace)
		if v == "" {
			return true
		}
		key, value, rest, ok := mediaParam(v)
		if !ok {
			return strings.TrimSpace(v) == ";"
		}
		if old, dup := seen[key]; dup && old != value {
			return false
		}
		seen[key] = value
		v = rest
	}
}

// mediaParam reads one "; name=value" at the start of v.
func mediaParam(v string) (key, value, rest string, ok bool) {
	rest, ok = strings.CutPrefix(v, ";")
	if !ok {
		return "", "", v, false
	}
	rest = strings.TrimLeftFunc(rest, unicode.IsSpace)
	n := 0
	for n < len(rest) && isMIMETokenChar(rest[n]) {
		n++
	}
	if n == 0 {
		return "", "", v, false
	}
	key, rest = strings.ToLower(rest[:n]), strings.TrimLeftFunc(rest[n:], unicode.IsSpace)
	if rest, ok = strings.CutPrefix(rest, "="); !ok {
		return "", "", v, false
	}
	rest = strings.TrimLeftFunc(rest, unicode.IsSpace)
	if rest == "" {
		return "", "", v, false
	}
	if rest[0] != '"' {
		n = 0
		for n < len(rest) && isMIMETokenChar(rest[n]) {
			n++
		}
		if n == 0 {
			return "", "", v, false
		}
		return key, rest[:n], rest[n:], true
	}
	// a quoted string: a backslash before a special character escapes
	// it, any other stays (as mime reads browsers' unescaped paths); a
	// line break or a missing closing quote is no value
	var b strings.Builder
	for i := 1; i < len(rest); i++ {
		switch c := rest[i]; {
		case c == '"':
			return key, b.String(), rest[i+1:], true
		case c == '\\' && i+1 < len(rest) && strings.IndexByte(mimeSpecials, rest[i+1]) >= 0:
			b.WriteByte(rest[i+1])
			i++
		case c == '\r' || c == '\n':
			return "", "", v, false
		default:
			b.WriteByte(c)
		}
	}
	return "", "", v, false
}

// mimeSpecials are RFC 2045's tspecials: not part of a token.
const mimeSpecials = `()<>@,;:\"/[]?=`

func isMIMETokenChar(c byte) bool {
	return c > 0x20 && c < 0x7f && strings.IndexByte(mimeSpecials, c) < 0
}

// isRestrictedName checks an RFC 6838 restricted-name: an alphanumeric
// first character, then up to 126 of alphanumerics and ! # $ & - ^ _ . +
func isRestrictedName(s string) bool {
	if s == "" || len(s) > 127 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		alnum := (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
		if i == 0 && !alnum {
			return false
		}
		if !alnum && !strings.ContainsRune("!#$&-^_.+", rune(c)) {
			return false
		}
	}
	return true
}

// certainModes are words whose media type is unambiguous.
var certainModes = map[string]string{
	"text": "text/plain", "plain": "text/plain", "plaintext": "text/plain", "plain text": "text/plain", "txt": "text/plain",
	"文本": "text/plain", "纯文本": "text/plain", "テキスト": "text/plain", "텍스트": "text/plain",
	"json":     "application/json",
	"markdown": "text/markdown", "md": "text/markdown",
	"html": "text/html", "csv": "text/csv", "xml": "application/xml", "yaml": "application/yaml", "yml": "application/yaml",
	"pdf": "application/pdf", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
	"webp": "image/webp", "svg": "image/svg+xml", "mp3": "audio/mpeg", "wav": "audio/wav", "mp4": "video/mp4",
}

// Suggestions of guessedModes that are words rather than one media type.
const (
	guessImage = i18n.Phrase("phrase.mode.image")
	guessAudio = i18n.Phrase("phrase.mode.audio")
	guessFile  = i18n.Phrase("phrase.mode.file")
)

// guessedModes are words that name a family of media types; the finding
// suggests one (a media type, or a phrase naming a choice) but offers no
// automatic fix.
var guessedModes = map[string]any{
	"image": guessImage, "images": guessImage, "img": guessImage, "picture": guessImage,
	"图片": guessImage, "图像": guessImage,
	"audio": guessAudio, "voice": guessAudio, "speech": guessAudio, "音频": guessAudio,
	"video": "video/mp4", "视频": "video/mp4",
	"file": guessFile, "binary": "application/octet-stream", "bytes": "application/octet-stream",
	"data": "application/json", "structured": "application/json", "object": "application/json",
	"string": "text/plain", "str": "text/plain", "message": "text/plain", "chat": "text/plain",
}

// modeList is one list of modes and how to name it.
type modeList struct {
	node  *jsonpos.Node
	label string
}

// modeLists is read once per run; callers must not modify what it returns.
func modeLists(c *Context) []modeList {
	if !c.modesDone {
		c.modes, c.modesDone = readModeLists(c), true
	}
	return c.modes
}

func readModeLists(c *Context) []modeList {
	var out []modeList
	for _, k := range []string{"defaultInputModes", "defaultOutputModes"} {
		if n := c.Root.Get(k); n != nil && n.Kind == jsonpos.Array {
			out = append(out, modeList{n, k})
		}
	}
	if sk := c.Root.Get("skills"); sk != nil && sk.Kind == jsonpos.Array {
		for i, s := range sk.Children {
			for _, k := range []string{"inputModes", "outputModes"} {
				if n := s.Get(k); n != nil && n.Kind == jsonpos.Array {
					out = append(out, modeList{n, "skills[" + strconv.Itoa(i) + "]." + k})
				}
			}
		}
	}
	return out
}

func hasMode(list *jsonpos.Node, mt string) bool {
	for _, e := range list.Children {
		if e.Kind == jsonpos.String && strings.EqualFold(strings.TrimSpace(e.Str), mt) {
			return true
		}
	}
	return false
}

func checkModeNotMediaType(c *Context) {
	for _, l := range modeLists(c) {
		// media types an earlier fix in this list already produces, so
		// applying every fix never lists one twice
		fixedTo := map[string]bool{}
		for _, e := range l.node.Children {
			if e.Kind != jsonpos.String || strings.TrimSpace(e.Str) == "" {
				continue
			}
			cls := classifyMediaType(e.Str)
			if cls == mediaOK || cls == mediaRange {
				continue
			}
			where := l.label + "[" + strconv.Itoa(e.Index) + "]"
			key := strings.ToLower(strings.TrimSpace(e.Str))
			if mt, ok := certainModes[key]; ok {
				d := c.Report(e, "msg.mode-not-media-type.known", where, quote(e.Str), quote(mt))
				switch {
				case hasMode(l.node, mt):
					d.WithSafeFixText(i18n.T("fix.remove-mode.listed", quote(e.Str), mt), c.RemoveMember(e))
				case fixedTo[mt]:
					d.WithSafeFixText(i18n.T("fix.remove-mode.earlier", quote(e.Str), mt), c.RemoveMember(e))
				default:
					fixedTo[mt] = true
					d.WithSafeFixText(i18n.T("fix.use", mt), c.Replace(e, jsonpos.Quote(mt)))
				}
				continue
			}
			if g, ok := guessedModes[key]; ok {
				c.Report(e, "msg.mode-not-media-type.family", where, quote(e.Str), g)
				continue
			}
			switch cls {
			case mediaUnknownTop:
				c.Report(e, "msg.mode-not-media-type.top-level", where, quote(e.Str), quote(strings.SplitN(key, "/", 2)[0]))
			case mediaBadSyntax:
				c.Report(e, "msg.mode-not-media-type.syntax", where, quote(e.Str))
			default:
				c.Report(e, "msg.mode-not-media-type", where, quote(e.Str))
			}
		}
	}
}

func checkModeMediaRange(c *Context) {
	for _, l := range modeLists(c) {
		for _, e := range l.node.Children {
			if e.Kind != jsonpos.String || classifyMediaType(e.Str) != mediaRange {
				continue
			}
			c.Report(e, "msg.mode-media-range", l.label+"["+strconv.Itoa(e.Index)+"]", quote(e.Str))
		}
	}
}
