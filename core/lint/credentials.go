package lint

import (
	"bytes"
	"encoding/base64"
	"net/url"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/findings"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// A card is public: anyone who can fetch it can read every value in it. The
// credential rule looks at every string for secrets, by their shape (token
// formats with well-known prefixes, JWTs, PEM private keys, credentials in
// URLs) and by the name of the member that holds them. It never repeats a
// secret: messages show at most four characters of it and its length.
const codeCredential = "credential-in-card"

func credentialRules() []*Rule {
	return []*Rule{{Rule: diag.Rule{Code: codeCredential, Severity: Error, Topic: "security", Title: "Credential in the card",
		Explanation: "Agent Cards are published for anyone to read, copied and cached by registries and anyone who fetched them, and indexed by search engines. A token, API key, password or private key in a card is leaked the moment the card is served, while §13.4 says credentials MUST be treated as secrets (and §14.3 that a card SHOULD NOT include them). The card names the scheme (§7.3); credentials are obtained out of band.",
		HowToFix:    "Remove the value from the card, then revoke or rotate the secret: assume it has been copied. Describe how to obtain credentials in the scheme's description instead.",
		Basis:       Basis{Kind: BasisMust, Note: "§13.4: API keys, tokens and other credentials MUST be treated as secrets, which publishing one in a card is not; §14.3 adds that a card SHOULD NOT include sensitive credentials."},
		Refs: []diag.Ref{
			{Doc: "A2A", Version: "1.0", Section: "13.4", Title: "General Security Best Practices", URL: "https://a2a-protocol.org/v1.0.0/specification/#134-general-security-best-practices"},
			{Doc: "A2A", Version: "1.0", Section: "14.3", Title: "Well-Known URI Registration", URL: "https://a2a-protocol.org/v1.0.0/specification/#143-well-known-uri-registration"},
			{Doc: "A2A", Version: "1.0", Section: "7.3", Title: "Client Authentication Process", URL: "https://a2a-protocol.org/v1.0.0/specification/#73-client-authentication-process"},
			{Doc: "A2A", Version: "0.3.0", Section: "5.4", Title: "Security of Agent Cards", URL: "https://a2a-protocol.org/v0.3.0/specification/#54-security-of-agent-cards"},
		},
		Messages: []diag.Message{
			{ID: "msg.credential-in-card", Text: "%s holds what looks like %s: %s. The card is public: remove it and revoke the secret"},
			{ID: "msg.credential-in-card.inside", Text: "%s contains what looks like %s: %s. The card is public: remove it and revoke the secret"},
		},
		Bad:  `"capabilities": {"extensions": [{"uri": "https://example.com/ext/billing/v1", "params": {"apiKey": "k7Qw2ZpX9mNc4RtY8vLb3HsJ"}}]}`,
		Good: `"capabilities": {"extensions": [{"uri": "https://example.com/ext/billing/v1", "params": {"apiKeyHeader": "X-Billing-Key"}}]}`}, Check: checkCredentials}}
}

// credentialPattern is one recognizable secret format.
type credentialPattern struct {
	// what names the format in messages ("a JSON Web Token").
	what i18n.Phrase
	// hint is a cheap substring test run before the matcher; fold makes
	// it ASCII case-insensitive.
	hint string
	fold bool
	// at matches the format at s[i] (credential_scan.go).
	at func(s string, i int) int
	// check, when set, confirms a match (for example that a JWT header
	// decodes to JSON with "alg").
	check func(string) bool
}

// pemHint is in every PEM private key block's armour.
const pemHint = "PRIVATE KEY"

// The names of secret formats that the code tells apart.
const (
	credPEM       i18n.Phrase = "phrase.credential.pem"
	credBearer    i18n.Phrase = "phrase.credential.bearer"
	credBearerJWT i18n.Phrase = "phrase.credential.bearer-jwt"
)

var credentialPatterns = []credentialPattern{
	{what: credPEM, hint: pemHint, at: pemAt},
	{what: credBearer, hint: "bearer", fold: true, at: bearerAt, check: notPlaceholderToken},
	{what: "phrase.credential.basic", hint: "basic", fold: true, at: basicAt, check: looksLikeBasic},
	{what: "phrase.credential.jwt", hint: "eyJ", at: jwtAt, check: looksLikeJWT},
	{what: "phrase.credential.aws", hint: "IA", at: awsAt, check: func(s string) bool { return !strings.HasSuffix(s, "EXAMPLE") }},
	{what: "phrase.credential.google", hint: "AIza", at: googleAt},
	{what: "phrase.credential.github", hint: "gh", at: githubAt},
	{what: "phrase.credential.gitlab", hint: "glpat-", at: gitlabAt},
	{what: "phrase.credential.slack", hint: "xox", at: slackAt},
	{what: "phrase.credential.stripe-live", hint: "_live_", at: stripeLiveAt},
	{what: "phrase.credential.stripe-test", hint: "_test_", at: stripeTestAt},
	{what: "phrase.credential.sk", hint: "sk-", at: skAt, check: mixedAlnum},
}

func looksLikeJWT(s string) bool {
	head, _, ok := strings.Cut(s, ".")
	if !ok {
		return false
	}
	b, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(head, "="))
	if err != nil {
		return false
	}
	h, ok := decodeJSONObject(b)
	if !ok {
		return false
	}
	_, has := h["alg"]
	return has
}

func notPlaceholderToken(s string) bool {
	f := strings.Fields(s)
	return len(f) == 2 && !isCredentialPlaceholder(f[1]) && (strings.ContainsAny(f[1], "0123456789") || mixedCase(f[1]))
}

// mixedAlnum: generated keys mix digits and capitals; prose and slugs
// ("sk-learn-compatible-pipeline") do not.
func mixedAlnum(s string) bool {
	return strings.ContainsAny(s, "0123456789") && strings.ContainsFunc(s, unicode.IsUpper)
}

func mixedCase(s string) bool {
	return strings.ContainsFunc(s, unicode.IsUpper) && strings.ContainsFunc(s, unicode.IsLower)
}

func looksLikeBasic(s string) bool {
	f := strings.Fields(s)
	if len(f) != 2 {
		return false
	}
	b, err := base64.StdEncoding.DecodeString(f[1])
	return err == nil && strings.Contains(string(b), ":") && utf8.Valid(b)
}

// secretNames are member names (lower case, without '_' and '-') whose
// string value is a secret; a name ending in one of secretSuffixes is too
// ("githubToken", "db_password").
var secretNames = map[string]bool{
	"password": true, "passwd": true, "pwd": true, "secret": true, "apikey": true, "apitoken": true, "token": true,
	"accesstoken": true, "refreshtoken": true, "idtoken": true, "authtoken": true, "bearertoken": true, "sessiontoken": true,
	"clientsecret": true, "privatekey": true, "secretkey": true, "accesskey": true, "secretaccesskey": true,
	"authorization": true, "credentials": true, "credential": true, "passphrase": true, "apisecret": true,
}

var secretSuffixes = []string{"password", "passwd", "secret", "apikey", "token", "privatekey", "secretkey", "accesskey", "passphrase", "credential", "credentials"}

// notSecretSuffixes end member names that only describe a secret: its
// header, format, endpoint, lifetime. Checked before secretSuffixes.
var notSecretSuffixes = []string{"url", "uri", "endpoint", "header", "headername", "name", "format", "type", "location", "in", "description", "hint", "ttl", "expiry", "expiresin", "length", "id"}

var nameSeparators = strings.NewReplacer("_", "", "-", "", ".", "", " ", "")

func secretName(key string) bool {
	k := strings.ToLower(nameSeparators.Replace(key))
	if k == "" {
		return false
	}
	if secretNames[k] {
		return true
	}
	for _, s := range notSecretSuffixes {
		if strings.HasSuffix(k, s) {
			return false
		}
	}
	for _, s := range secretSuffixes {
		if strings.HasSuffix(k, s) {
			return true
		}
	}
	return false
}

var placeholderWords = map[string]bool{
	"redacted": true, "changeme": true, "change-me": true, "placeholder": true, "example": true, "dummy": true, "todo": true,
	"tbd": true, "none": true, "null": true, "nil": true, "n/a": true, "na": true, "secret": true, "password": true, "token": true,
	"apikey": true, "api-key": true, "api_key": true, "xxx": true, "test": true, "string": true, "hidden": true, "masked": true,
	"empty": true, "undefined": true, "required": true, "optional": true, "disabled": true, "enabled": true,
	"true": true, "false": true, "bearer": true, "jwt": true, "opaque": true, "header": true, "query": true, "cookie": true,
	"oauth2": true, "basic": true, "your-token": true, "your-api-key": true, "your_api_key": true, "yourtoken": true,
}

// isCredentialPlaceholder reports values that stand for a secret without
// being one: templates, environment variable names, masks, "YOUR_API_KEY".
func isCredentialPlaceholder(v string) bool {
	v = strings.TrimSpace(v)
	if v == "" {
		return true
	}
	low := strings.ToLower(v)
	if placeholderWords[low] || findPlaceholder(v) != "" {
		return true
	}
	if strings.Contains(low, "your") || strings.Contains(low, "example") || strings.Contains(low, "redacted") || strings.Contains(low, "xxxx") || strings.Contains(low, "****") || strings.Contains(low, "...") || strings.Contains(low, "…") {
		return true
	}
	// one character repeated: "xxxxxxxx", "********"
	if strings.Count(v, v[:1]) == len(v) {
		return true
	}
	// an environment variable name: API_KEY, OPENAI_API_KEY
	upperName := true
	for _, r := range v {
		if !(r >= 'A' && r <= 'Z') && r != '_' && !(r >= '0' && r <= '9') {
			upperName = false
			break
		}
	}
	if upperName && strings.ContainsRune(v, '_') {
		return true
	}
	// env:NAME, vault:path, secret references
	for _, p := range []string{"env:", "vault:", "secret:", "secrets.", "process.env", "os.environ", "arn:aws:secretsmanager"} {
		if strings.HasPrefix(low, p) {
			return true
		}
	}
	return false
}

// catalogueSecret holds every member name the card format defines, each
// with its secretName: most members of a card have these names. A
// credential found by shape inside one of them is reported, but removing
// the member would break the card, so no fix is offered. Built on first
// use from the catalogue's index by object (card.ObjectFields), which is
// not copied or sorted as card.Fields is: a CLI run lints one small card,
// and the copy was most of this table's cost.
var catalogueSecret = sync.OnceValue(func() map[string]bool {
	m := make(map[string]bool, 64)
	for _, o := range card.Objects {
		for _, f := range card.ObjectFields(o) {
			if _, ok := m[f.Name]; !ok {
				m[f.Name] = secretName(f.Name)
			}
		}
	}
	return m
})

// credentialFinding describes what was found in one string.
type credentialFinding struct {
	what   i18n.Phrase
	secret string // the secret itself, for the masked excerpt
	whole  bool   // the secret is the whole value
}

func findCredential(secretKey bool, v string) (credentialFinding, bool) {
	trimmed := strings.TrimSpace(v)
	token, dashes := tokenScan(v)
	// Only a PEM block (whose armour starts with five dashes) can hide in
	// a text that is not token-like; most strings of a card are neither,
	// and skip the patterns altogether.
	patterns := credentialPatterns
	if !token && (!dashes || !strings.Contains(v, pemHint)) {
		patterns = nil
	}
	for i := range patterns {
		p := &patterns[i]
		if p.what == credPEM {
			if !strings.Contains(v, p.hint) {
				continue
			}
		} else if !token || !(strings.Contains(v, p.hint) || (p.fold && containsFoldASCII(v, p.hint))) {
			continue
		}
		for _, m := range findAll(v, p.at, 4) {
			if p.check != nil && !p.check(m) {
				continue
			}
			what := p.what
			if p.what == credBearer && looksLikeJWTIn(m) {
				what = credBearerJWT
			}
			return credentialFinding{what: what, secret: m, whole: m == trimmed}, true
		}
	}
	if u := urlWithPassword(trimmed); u != "" {
		return credentialFinding{what: "phrase.credential.url-password", secret: trimmed, whole: true}, true
	}
	if secretKey && !isCredentialPlaceholder(trimmed) && !publicAddress(trimmed) && !domainVerification(trimmed) && utf8.RuneCountInString(trimmed) >= 6 &&
		!strings.ContainsFunc(trimmed, unicode.IsSpace) && !strings.HasPrefix(trimmed, "http://") && !strings.HasPrefix(trimmed, "https://") {
		return credentialFinding{what: "phrase.credential.secret", secret: trimmed, whole: true}, true
	}
	return credentialFinding{}, false
}

// domainVerification reports a DNS domain-verification value, such as
// google-site-verification=… or openai-domain-verification=…: services
// ask for it in a public TXT record, so it is public by design, whatever
// the member holding it is called ("token", "verificationToken"). Only
// the name=value form is recognized: a bare value under a secret-sounding
// name is still reported.
func domainVerification(s string) bool {
	name, value, ok := strings.Cut(s, "=")
	if !ok || value == "" || strings.ContainsFunc(value, unicode.IsSpace) {
		return false
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	name = strings.ToLower(name)
	return strings.HasSuffix(name, "site-verification") || strings.HasSuffix(name, "domain-verification")
}

// publicAddress reports a 20-byte account address written as 0x and 40
// hex digits (Ethereum and other EVM chains, ERC-8004 registrations): it
// is public by design, whatever the member is called ("paymentToken",
// "agentWalletToken"). A 32-byte value (0x and 64 hex digits) is the size
// of a private key and stays a secret under such a name.
func publicAddress(s string) bool {
	if len(s) != 42 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X') {
		return false
	}
	for i := 2; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// tokenLike is the cheap test run on every string before any pattern: does
// it have a run of at least 12 token characters (base64, base64url, '.',
// '~') with a digit or a capital after the run's first character? Every
// secret format above has one; prose words and slugs rarely do.
func tokenLike(s string) bool {
	token, _ := tokenScan(s)
	return token
}

// tokenScan is tokenLike and, in the same pass, whether s has five dashes
// in a row (always true when s is token-like: the scan stops there).
func tokenScan(s string) (token, dashes bool) {
	run, signal, dash := 0, false, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '-' {
			dash++
			if dash >= 5 {
				dashes = true
			}
		} else {
			dash = 0
		}
		switch tokenClass[c] {
		case 0:
			run, signal = 0, false
			continue
		case 2:
			if run > 0 {
				signal = true
			}
		}
		run++
		if run >= 12 && signal {
			return true, true
		}
	}
	return false, dashes
}

// tokenClass: 0 ends a run, 1 continues it, 2 continues it and is a
// digit or capital.
var tokenClass = func() (t [256]uint8) {
	for b := 'a'; b <= 'z'; b++ {
		t[b] = 1
	}
	for _, b := range "-_.~+/=" {
		t[b] = 1
	}
	for b := 'A'; b <= 'Z'; b++ {
		t[b] = 2
	}
	for b := '0'; b <= '9'; b++ {
		t[b] = 2
	}
	return t
}()

// containsFoldASCII reports whether s contains sub (lower-case ASCII)
// ignoring ASCII case, without allocating.
func containsFoldASCII(s, sub string) bool {
	n := len(sub)
	for i := 0; i+n <= len(s); i++ {
		j := 0
		for ; j < n; j++ {
			b := s[i+j]
			if b >= 'A' && b <= 'Z' {
				b += 'a' - 'A'
			}
			if b != sub[j] {
				break
			}
		}
		if j == n {
			return true
		}
	}
	return false
}

func looksLikeJWTIn(s string) bool {
	f := strings.Fields(s)
	return len(f) == 2 && strings.Count(f[1], ".") == 2 && looksLikeJWT(f[1])
}

// urlWithPassword returns the URL when it carries user:password@.
func urlWithPassword(s string) string {
	if !strings.Contains(s, "://") || !strings.Contains(s, "@") {
		return ""
	}
	u, err := url.Parse(s)
	if err != nil || u.User == nil {
		return ""
	}
	if p, ok := u.User.Password(); ok && !isCredentialPlaceholder(p) {
		return s
	}
	return ""
}

// maskSecret shows at most four characters of a secret (after an auth
// scheme word, which is not secret) and its length in characters.
func maskSecret(s string) i18n.Text {
	return i18n.T("phrase.masked-secret", strings.TrimSuffix(quote(shownOfSecret(s)), `"`)+`…"`, utf8.RuneCountInString(s))
}

// shownOfSecret is the start of secret s that messages and excerpts show:
// an auth scheme word and the spaces after it, then at most four
// characters.
func shownOfSecret(s string) string {
	rest := s
	for _, w := range []string{"Bearer ", "bearer ", "BEARER ", "Basic ", "basic ", "Token ", "token "} {
		if strings.HasPrefix(s, w) {
			rest = strings.TrimLeft(s[len(w):], " ")
			break
		}
	}
	shown, runes := len(s)-len(rest), 0
	for i := range rest {
		if runes == 4 {
			return s[:shown+i]
		}
		runes++
	}
	return s
}

// inCatalogue reports whether name is a member name of the card format.
func inCatalogue(secret map[string]bool, name string) bool {
	_, ok := secret[name]
	return ok
}

func checkCredentials(c *Context) {
	walkCredentials(c, func(n *jsonpos.Node, f credentialFinding, secretKey bool) {
		catalogueSecret := catalogueSecret()
		// where: the member's name, with its pointer below the top level,
		// or the pointer of an array element
		var where any = n.BoundedPointer()
		if n.IsMember() {
			where = quote(n.Key)
			if n.Parent.Parent != nil {
				where = i18n.T("phrase.member-at", quote(n.Key), n.BoundedPointer())
			}
		}
		id := "msg.credential-in-card"
		if !f.whole {
			id = "msg.credential-in-card.inside"
		}
		d := c.Report(n, id, where, f.what, maskSecret(f.secret))
		if n.IsMember() && (secretKey || (f.whole && !inCatalogue(catalogueSecret, n.Key))) {
			d.WithFix("fix.remove-credential", c.RemoveMember(n))
		}
	})
}

// walkCredentials calls found for every string of the card that holds a
// credential, after noting the secret's bytes in the source for the
// excerpts to mask (c.secrets), whether or not the finding is kept under
// the caps: another finding's excerpt may show the same line.
func walkCredentials(c *Context, found func(n *jsonpos.Node, f credentialFinding, secretKey bool)) {
	c.secretsScanned = true
	catalogueSecret := catalogueSecret()
	var secretKeys map[string]bool // other member names → secretName, once per name and run
	c.Root.Walk(func(n *jsonpos.Node) bool {
		if n.Kind != jsonpos.String {
			return true
		}
		secretKey := false
		// the values of a scopes map are descriptions of scope names
		if n.IsMember() && n.Parent.Key != "scopes" {
			is, known := catalogueSecret[n.Key]
			if !known {
				var seen bool
				if is, seen = secretKeys[n.Key]; !seen {
					if secretKeys == nil {
						secretKeys = map[string]bool{}
					}
					is = secretName(n.Key)
					secretKeys[n.Key] = is
				}
			}
			secretKey = is
		}
		f, ok := findCredential(secretKey, n.Str)
		if !ok {
			return true
		}
		c.secrets = append(c.secrets, secretSpan(c.Doc.Src, n, f.secret))
		c.secretTexts = append(c.secretTexts, f.secret)
		if found != nil {
			found(n, f, secretKey)
		}
		return true
	})
}

// secretSpan is the part of string node n's source that excerpts mask:
// the secret's bytes after the characters maskSecret shows. A string
// written with escapes is masked whole (its source does not hold the
// secret's bytes as they are), quotes aside.
func secretSpan(src []byte, n *jsonpos.Node, secret string) findings.Span {
	from, to := n.Start, n.End
	if to-from >= 2 && (src[from] == '"' || src[from] == '\'') && src[to-1] == src[from] {
		from, to = from+1, to-1
	} else if to > from && (src[from] == '"' || src[from] == '\'') {
		from++ // an unterminated string
	}
	raw := src[from:to]
	if i := bytes.Index(raw, []byte(secret)); i >= 0 && bytes.IndexByte(raw, '\\') < 0 {
		return findings.Span{Start: from + i + len(shownOfSecret(secret)), End: from + i + len(secret)}
	}
	return findings.Span{Start: from, End: to}
}
