package lint

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// Skill rules. The structure walker already reports a missing or empty
// skills list, missing id/name/description/tags and empty tags; these rules
// look at what the values say. They apply to every era: 0.2/0.3 skills have
// the same members.
const (
	codeSkillIDDuplicate = "skill-id-duplicate"
	codeSkillIDNotSlug   = "skill-id-not-slug"
	codeSkillDescGeneric = "skill-description-generic"
	codeSkillNoExamples  = "skill-no-examples"
	skillDescMinWords    = 3
	// skill ids and descriptions are quoted shorter than other values
	// (jsonpos.MaxQuoted): 60 ASCII characters and the "…", in bytes like
	// every clip, so never more than 63 bytes of a hostile card's text.
	skillQuoteMax           = 60 + len("…")
	skillFirstSkillFragment = `"skills": [`
)

func skillRules() []*Rule {
	return []*Rule{
		&Rule{Rule: diag.Rule{Code: codeSkillIDDuplicate, Severity: Warning, Topic: "skills", Title: "Two skills share one id",
			Explanation: "A skill's id is its identifier (§4.4.5): orchestrators pick a skill by it, store it in routing tables and logs, and compare it across card versions. When two skills have the same id, nobody can tell which one was meant.",
			HowToFix:    "Give every skill its own id. Keep the id of the skill that callers already use and rename the other one.",
			Basis:       Basis{Kind: BasisLikelyFailure, Note: "The proto defines id as a unique identifier of the skill, without a keyword; whoever chooses a skill by id cannot tell the two apart."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.4.5", Title: "AgentSkill", URL: "https://a2a-protocol.org/v1.0.0/specification/#445-agentskill"},
			},
			Messages: []diag.Message{
				{ID: "msg.skill-id-duplicate", Text: "skill id %s is already used by skill %d (line %d); clients cannot tell the two skills apart"},
			},
			Bad: skillFirstSkillFragment + `
    {"id": "summarize", "name": "Summarize a report", "description": "Turns a long report into a one-page summary with key figures.", "tags": ["reports"], "examples": ["Summarize the Q3 report"]},
    {"id": "summarize", "name": "Summarize a meeting", "description": "Turns a meeting transcript into decisions and action items.", "tags": ["meetings"], "examples": ["Summarize today's standup"]}
  ]`,
			Good: skillFirstSkillFragment + `
    {"id": "summarize-report", "name": "Summarize a report", "description": "Turns a long report into a one-page summary with key figures.", "tags": ["reports"], "examples": ["Summarize the Q3 report"]},
    {"id": "summarize-meeting", "name": "Summarize a meeting", "description": "Turns a meeting transcript into decisions and action items.", "tags": ["meetings"], "examples": ["Summarize today's standup"]}
  ]`}, Check: checkSkillIDDuplicate},
		&Rule{Rule: diag.Rule{Code: codeSkillIDNotSlug, Severity: Info, Topic: "skills", Title: "Skill id is not a stable slug",
			Explanation: "A skill id is a machine key, not a label: it ends up in configuration and is compared byte for byte. Spaces, capital letters and non-ASCII characters invite near-duplicates (\"Translate\" vs \"translate\"), break in URLs and command lines, and tend to change when someone rewords the name.",
			HowToFix:    "Use lower-case ASCII letters and digits separated by '-', '_' or '.', for example \"translate-document\". Choose it once: renaming an id that callers already use is a breaking change.",
			Basis:       Basis{Kind: BasisAdvice},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.4.5", Title: "AgentSkill", URL: "https://a2a-protocol.org/v1.0.0/specification/#445-agentskill"},
			},
			Messages: []diag.Message{
				{ID: "msg.skill-id-not-slug", Text: "skill id %s contains %s; use a stable lower-case slug such as %s"},
				{ID: "msg.skill-id-not-slug.example", Text: "skill id %s contains %s; use a stable lower-case slug such as \"translate-document\""},
				{ID: "msg.skill-id-not-slug.clash", Text: "skill id %s contains %s; use a stable lower-case slug (%s would clash with the id of skill %d)"},
			},
			Bad:  `"skills": [{"id": "Extract Invoice", "name": "Extract invoice fields", "description": "Finds the supplier, totals and due date of one invoice.", "tags": ["invoices"], "examples": ["What is the total?"]}]`,
			Good: `"skills": [{"id": "extract-invoice", "name": "Extract invoice fields", "description": "Finds the supplier, totals and due date of one invoice.", "tags": ["invoices"], "examples": ["What is the total?"]}]`}, Check: checkSkillIDSlug},
		&Rule{Rule: diag.Rule{Code: codeSkillDescGeneric, Severity: Info, Topic: "skills", Title: "Skill description says nothing specific",
			Explanation: "Agents and people choose a skill by reading its description. \"Helps.\", \"Does stuff\" or a copy of the skill's name gives them nothing to match a task against, so the skill is picked at random or not at all.",
			HowToFix:    "Say what the skill does, what it needs as input and what it returns, in one or two sentences: \"Converts a CSV of transactions into a monthly expense report (PDF).\"",
			Basis:       Basis{Kind: BasisAdvice},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.4.5", Title: "AgentSkill", URL: "https://a2a-protocol.org/v1.0.0/specification/#445-agentskill"},
			},
			Messages: []diag.Message{
				{ID: "msg.skill-description-generic", Text: "the description of %s, %s, could describe any skill; say what it does and what it returns"},
				{ID: "msg.skill-description-generic.name", Text: "the description of %s, %s, only repeats its name; say what it does and what it returns"},
				{ID: "msg.skill-description-generic.short", Text: "the description of %s, %s, is too short to choose the skill by (%d words); say what it does and what it returns"},
				{ID: "msg.skill-description-generic.short.one", Text: "the description of %s, %s, is too short to choose the skill by (%d word); say what it does and what it returns"},
			},
			Bad:  `"skills": [{"id": "assist", "name": "Assist", "description": "Helps.", "tags": ["general"], "examples": ["Help me"]}]`,
			Good: `"skills": [{"id": "expense-report", "name": "Expense report", "description": "Converts a CSV of card transactions into a monthly expense report grouped by category.", "tags": ["finance"], "examples": ["Build the March report from this CSV"]}]`}, Check: checkSkillDescription},
		&Rule{Rule: diag.Rule{Code: codeSkillNoExamples, Severity: Info, Topic: "skills", Title: "Skill has no examples",
			Explanation: "Examples show callers what a request to this skill looks like. Orchestrating agents use them to route tasks, and people use them to try the agent; without them both have to guess from the description.",
			HowToFix:    "Add two or three realistic requests to `examples`, as a user would type them.",
			Basis:       Basis{Kind: BasisAdvice},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.4.5", Title: "AgentSkill", URL: "https://a2a-protocol.org/v1.0.0/specification/#445-agentskill"},
			},
			Messages: []diag.Message{
				{ID: "msg.skill-no-examples", Text: "%s has no examples; add a few requests a user would send to it"},
				{ID: "msg.skill-no-examples.empty", Text: "%s has an empty examples list; add a few requests a user would send to it"},
			},
			Bad:  `"skills": [{"id": "extract-invoice", "name": "Extract invoice fields", "description": "Finds the supplier, totals and due date of one invoice.", "tags": ["invoices"]}]`,
			Good: `"skills": [{"id": "extract-invoice", "name": "Extract invoice fields", "description": "Finds the supplier, totals and due date of one invoice.", "tags": ["invoices"], "examples": ["What is the total of this invoice?"]}]`}, Check: checkSkillExamples},
	}
}

// skillObjects returns the skill objects of the card (non-objects are the
// structure walker's business), read once per run: several rules walk
// them, and a card may list 200,000. Callers must not modify the slice.
func skillObjects(c *Context) []*jsonpos.Node {
	if !c.skillsDone {
		c.skills, c.skillsDone = readSkillObjects(c), true
	}
	return c.skills
}

func readSkillObjects(c *Context) []*jsonpos.Node {
	s := c.Root.Get("skills")
	if s == nil || s.Kind != jsonpos.Array {
		return nil
	}
	out := make([]*jsonpos.Node, 0, len(s.Children))
	for _, e := range s.Children {
		if e.Kind == jsonpos.Object {
			out = append(out, e)
		}
	}
	return out
}

// skillLabel names a skill in messages (`skill "translate"`): by id when
// it has a usable one, else by index. It is a phrase, so that each
// language puts the word for skill where it belongs.
func skillLabel(sk *jsonpos.Node) i18n.Text {
	if id := sk.Get("id").Text(); strings.TrimSpace(id) != "" {
		return i18n.T("phrase.skill", quote(jsonpos.Clip(id, skillQuoteMax)))
	}
	return i18n.T("phrase.skill.index", sk.Index)
}

func checkSkillIDDuplicate(c *Context) {
	skills := skillObjects(c)
	first := make(map[string]*jsonpos.Node, len(skills))
	for _, sk := range skills {
		id := sk.Get("id")
		if id == nil || id.Kind != jsonpos.String || id.Str == "" {
			continue
		}
		prev, seen := first[id.Str]
		if !seen {
			first[id.Str] = id
			continue
		}
		first := c.Doc.Range(prev)
		d := c.Report(id, "msg.skill-id-duplicate", quote(jsonpos.Clip(id.Str, skillQuoteMax)), prev.Parent.Index, first.Start.Line)
		d.Related = append(d.Related, relatedPlace(i18n.T("related.skill-id-first"), first))
	}
}

// isSlug: lower-case ASCII letters and digits, separated by single '-',
// '_' or '.'.
func isSlug(s string) bool {
	if s == "" {
		return false
	}
	prevSep := true
	for i := 0; i < len(s); i++ {
		b := s[i]
		switch {
		case b >= 'a' && b <= 'z', b >= '0' && b <= '9':
			prevSep = false
		case b == '-' || b == '_' || b == '.':
			if prevSep {
				return false
			}
			prevSep = true
		default:
			return false
		}
	}
	return !prevSep
}

// slugify derives a slug when it can do so without guessing: only ASCII
// letters, digits, spaces and separators. Camel humps become '-' ("getWeather"
// → "get-weather", "HTTPFetch" → "http-fetch"). It returns "" otherwise.
func slugify(s string) string {
	var b strings.Builder
	sep := func() {
		if b.Len() > 0 {
			last := b.String()[b.Len()-1]
			if last != '-' && last != '_' && last != '.' {
				b.WriteByte('-')
			}
		}
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch >= 'a' && ch <= 'z', ch >= '0' && ch <= '9':
			b.WriteByte(ch)
		case ch >= 'A' && ch <= 'Z':
			if i > 0 {
				p := s[i-1]
				lowerBefore := (p >= 'a' && p <= 'z') || (p >= '0' && p <= '9')
				upperRunEnd := p >= 'A' && p <= 'Z' && i+1 < len(s) && s[i+1] >= 'a' && s[i+1] <= 'z'
				if lowerBefore || upperRunEnd {
					sep()
				}
			}
			b.WriteByte(ch + ('a' - 'A'))
		case ch == ' ' || ch == '\t' || ch == '-':
			sep()
		case ch == '_' || ch == '.':
			if b.Len() > 0 {
				last := b.String()[b.Len()-1]
				if last == '-' || last == '_' || last == '.' {
					continue
				}
				b.WriteByte(ch)
			}
		default:
			return ""
		}
	}
	out := strings.TrimRight(b.String(), "-_.")
	if !isSlug(out) {
		return ""
	}
	return out
}

func checkSkillIDSlug(c *Context) {
	skills := skillObjects(c)
	for _, sk := range skills {
		id := sk.Get("id")
		if id == nil || id.Kind != jsonpos.String || strings.TrimSpace(id.Str) == "" || isSlug(id.Str) {
			continue
		}
		var why []i18n.Text
		if strings.ContainsFunc(id.Str, unicode.IsSpace) {
			why = append(why, i18n.T("phrase.slug.spaces"))
		}
		if strings.ContainsFunc(id.Str, unicode.IsUpper) {
			why = append(why, i18n.T("phrase.slug.capitals"))
		}
		if strings.ContainsFunc(id.Str, func(r rune) bool { return r > unicode.MaxASCII }) {
			why = append(why, i18n.T("phrase.slug.non-ascii"))
		}
		if len(why) == 0 {
			why = append(why, i18n.T("phrase.slug.other"))
		}
		slug := slugify(id.Str)
		shown, reasons := quote(jsonpos.Clip(id.Str, skillQuoteMax)), andText(why)
		if slug == "" {
			c.Report(id, "msg.skill-id-not-slug.example", shown, reasons)
			continue
		}
		if earlier := skillEarlierSameID(skills, sk, id.Str); earlier != nil {
			// only the first of identical ids gets the fix, so applying
			// every fix leaves distinct ids
			c.Report(id, "msg.skill-id-not-slug", shown, reasons, quote(slug))
			continue
		}
		if other := skillSlugClash(skills, sk, id.Str, slug); other != nil {
			c.Report(id, "msg.skill-id-not-slug.clash", shown, reasons, quote(slug), other.Index)
			continue
		}
		c.Report(id, "msg.skill-id-not-slug", shown, reasons, quote(slug)).
			WithFixText(i18n.T("fix.skill-id-slug", quote(slug)), c.Replace(id, jsonpos.Quote(slug)))
	}
}

func skillEarlierSameID(skills []*jsonpos.Node, self *jsonpos.Node, id string) *jsonpos.Node {
	for _, o := range skills {
		if o == self {
			return nil
		}
		if o.Get("id").Text() == id {
			return o
		}
	}
	return nil
}

// skillSlugClash finds another skill whose id already is, or would become,
// slug, so that a fix never creates a duplicate that was not there. A skill
// with exactly the same id is already a duplicate (reported by its own
// rule) and does not block the fix.
func skillSlugClash(skills []*jsonpos.Node, self *jsonpos.Node, id, slug string) *jsonpos.Node {
	for _, o := range skills {
		if o == self {
			continue
		}
		oid := o.Get("id").Text()
		if oid == id {
			continue
		}
		if oid == slug || (!isSlug(oid) && slugify(oid) == slug) {
			return o
		}
	}
	return nil
}

// genericSkillPhrases are descriptions that could describe any skill,
// compared after lower-casing and trimming punctuation.
var genericSkillPhrases = map[string]bool{
	"helps": true, "help": true, "helper": true, "does stuff": true, "does things": true, "does everything": true,
	"do stuff": true, "stuff": true, "an ai assistant": true, "ai assistant": true, "a helpful assistant": true,
	"helpful assistant": true, "an assistant": true, "assistant": true, "a helpful agent": true, "helpful agent": true,
	"an ai agent": true, "ai agent": true, "agent": true, "an agent": true, "chatbot": true, "a chatbot": true,
	"general purpose assistant": true, "a general purpose assistant": true, "general assistant": true,
	"answers questions": true, "answers any question": true, "helps with anything": true, "can help with anything": true,
	"todo": true, "tbd": true, "description": true, "skill description": true, "n/a": true, "none": true, "test": true,
	"智能助手": true, "助手": true, "ai助手": true, "通用助手": true, "人工智能助手": true, "帮助": true, "描述": true,
}

// descriptionUnits measures how much a description says, up to limit:
// words for scripts written with spaces, and one unit per two characters
// for Chinese and Japanese, which are written without them. It stops
// counting at limit, so long descriptions cost little.
func descriptionUnits(s string, limit int) int {
	units, ideo, inWord := 0, 0, false
	flush := func() {
		if ideo > 0 {
			units += (ideo + 1) / 2
		} else if inWord {
			units++
		}
		ideo, inWord = 0, false
	}
	for _, r := range s {
		switch {
		case r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == 0x3000 || (r > 0x7f && unicode.IsSpace(r)):
			flush()
			if units >= limit {
				return units
			}
		case r >= 0x2E80 && (unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r)):
			ideo++
		case r < 0x80 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'), r >= 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			inWord = true
		}
	}
	flush()
	return units
}

// normalizeDescription is s lower-cased, trimmed of punctuation and white
// space at both ends, with every run of white space inside as one space:
// the form in which generic phrases and skill names are compared.
func normalizeDescription(s string) string { return string(appendNormalized(nil, s)) }

// appendNormalized appends normalizeDescription(s) to dst without
// allocating on its own: the rule compares every short description and
// its skill's name, thousands on a large card.
func appendNormalized(dst []byte, s string) []byte { return appendNormalizedMax(dst, s, -1) }

// appendNormalizedMax is appendNormalized that stops once more than limit
// bytes were appended (limit < 0: no limit): a description longer than
// every generic phrase and its skill's name only needs to be known longer.
func appendNormalizedMax(dst []byte, s string, limit int) []byte {
	start := len(dst)
	trim := func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSpace(r) }
	i, j := 0, len(s)
	for i < j {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !trim(r) {
			break
		}
		i += n
	}
	for j > i {
		r, n := utf8.DecodeLastRuneInString(s[i:j])
		if !trim(r) {
			break
		}
		j -= n
	}
	space := false
	for k := i; k < j; {
		if limit >= 0 && len(dst)-start > limit {
			break
		}
		r, n := rune(s[k]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(s[k:])
		}
		k += n
		if r < utf8.RuneSelf && asciiSpace(byte(r)) || r >= utf8.RuneSelf && unicode.IsSpace(r) {
			space = true
			continue
		}
		if space {
			dst = append(dst, ' ')
			space = false
		}
		switch {
		case 'A' <= r && r <= 'Z':
			dst = append(dst, byte(r+'a'-'A'))
		case r < utf8.RuneSelf:
			dst = append(dst, byte(r))
		default:
			dst = utf8.AppendRune(dst, unicode.ToLower(r))
		}
	}
	return dst
}

// maxSkillPhrase is the length of the longest of genericSkillPhrases.
var maxSkillPhrase = sync.OnceValue(func() int {
	n := 0
	for p := range genericSkillPhrases {
		n = max(n, len(p))
	}
	return n
})

// asciiSpace is unicode.IsSpace for a byte below 0x80.
func asciiSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

func checkSkillDescription(c *Context) {
	var norm, name []byte // normalized description and skill name, reused
	for _, sk := range skillObjects(c) {
		d := sk.Get("description")
		if d == nil || d.Kind != jsonpos.String || strings.TrimSpace(d.Str) == "" {
			continue // missing or empty: structure rules
		}
		units := descriptionUnits(d.Str, skillDescMinWords)
		norm = norm[:0]
		if len(d.Str) <= 120 { // generic phrases and skill names are short
			name = appendNormalized(name[:0], sk.Get("name").Text())
			// enough of it to compare with both
			norm = appendNormalizedMax(norm, d.Str, max(maxSkillPhrase(), len(name)))
		}
		shown := func() string { return quote(jsonpos.Clip(strings.TrimSpace(d.Str), skillQuoteMax)) }
		switch {
		case len(norm) == 0 && units >= skillDescMinWords:
		case genericSkillPhrases[string(norm)]:
			c.Report(d, "msg.skill-description-generic", skillLabel(sk), shown())
		case len(norm) != 0 && string(name) == string(norm):
			c.Report(d, "msg.skill-description-generic.name", skillLabel(sk), shown())
		default:
			if units < skillDescMinWords {
				c.Report(d, "msg.skill-description-generic.short", skillLabel(sk), shown(), units)
			}
		}
	}
}

func checkSkillExamples(c *Context) {
	for _, sk := range skillObjects(c) {
		ex := sk.Get("examples")
		switch {
		case ex == nil && c.full(codeSkillNoExamples, sk.Parent):
			// only counted by the cap, never shown: skip the label
			c.ReportMissingAs(codeSkillNoExamples, sk, "examples", c.Doc.KeyRange(skillKeyNode(sk)), "msg.skill-no-examples")
		case ex == nil:
			c.ReportMissingAs(codeSkillNoExamples, sk, "examples", c.Doc.KeyRange(skillKeyNode(sk)), "msg.skill-no-examples", skillLabel(sk))
		case ex.Kind == jsonpos.Array && len(ex.Children) == 0:
			c.Report(ex, "msg.skill-no-examples.empty", skillLabel(sk))
		}
	}
}

// relatedPlace is a second place a finding points at, labelled with a
// catalogue phrase (rendered in English until the result is localized).
func relatedPlace(t i18n.Text, r jsonpos.Range) Related {
	return Related{Message: i18n.EnglishCatalogue().Render(t), Text: t, Range: r}
}

// andText joins phrases the way a sentence lists them ("a and b", "a, b
// and c"), in each language's own way.
func andText(items []i18n.Text) i18n.Text {
	switch len(items) {
	case 0:
		return i18n.Text{}
	case 1:
		return items[0]
	case 2:
		return i18n.T("phrase.list.and2", items[0], items[1])
	case 3:
		return i18n.T("phrase.list.and3", items[0], items[1], items[2])
	}
	return i18n.T("phrase.list.and3", items[0], items[1], andText(items[2:]))
}

// skillKeyNode picks where to show a finding about a whole skill: its id
// (or name) value, which is short, else the skill object.
func skillKeyNode(sk *jsonpos.Node) *jsonpos.Node {
	if id := sk.Get("id"); id != nil {
		return id
	}
	if n := sk.Get("name"); n != nil {
		return n
	}
	return sk
}
