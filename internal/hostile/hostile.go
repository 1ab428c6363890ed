// Package hostile builds the project's robustness test set: deterministic
// inputs that each try to make the engine do a lot of work or produce a lot
// of output from a document within the parser's 1 MiB limit. Tests and
// benchmarks of every front end (CLI, Worker, playground) run them, so a
// regression in bounding work shows up wherever it happens.
package hostile

import (
	"bytes"
	"fmt"
	"strings"
)

// MaxBytes is the parser's size limit; every case stays within it so that it
// is linted, not refused for its size.
const MaxBytes = 1 << 20

// Case is one hostile document.
type Case struct {
	Name string
	Data []byte
}

// Cases returns the hostile inputs, in a fixed order with fixed content, so
// measurements can be compared across runs and front ends.
func Cases() []Case {
	return []Case{
		{"empty-skills-200k", emptyObjects("skills", 200000)},
		{"empty-interfaces-100k", emptyObjects("supportedInterfaces", 100000)},
		{"empty-arrays-nested-100k", card1(`"skills": [` + repeatJoin(`{"tags": [], "examples": []}`, ",", 20000) + `]`)},
		{"keys-in-one-object-20k", card1(`"capabilities": {` + keys("k", 20000, `true`) + `}`)},
		{"keys-in-many-objects", card1(`"skills": [` + repeatObjects(1500, func(i int) string {
			return `{"id": "s` + itoa(i) + `", "name": "n", "description": "d", "tags": ["t"], ` + keys("x", 50, `1`) + `}`
		}) + `]`)},
		{"unknown-top-level-keys-2k", []byte(`{` + keys("f", 2000, `1`) + `}`)},
		{"unknown-top-level-keys-card-20k", card1(keys("unknownField", 20000, `"v"`))},
		{"deep-nesting-over-limit", deep(100000)},
		{"deep-nesting-at-limit", deep(63)},
		{"deep-nesting-objects", card1(`"capabilities": ` + deepObjects(5000))},
		{"long-string-1mib", card1(`"description": "` + strings.Repeat("a", MaxBytes-1000) + `"`)},
		{"long-names-and-urls", card1(`"supportedInterfaces": [` + repeatObjects(20, func(i int) string {
			return `{"url": "https://` + strings.Repeat("x", 20000) + `.example/` + itoa(i) + `", "protocolBinding": "` + strings.Repeat("B", 10000) + `", "protocolVersion": "1.0"}`
		}) + `]`)},
		{"duplicate-keys-50k", []byte(`{` + repeatJoin(`"name": "x"`, ",", 50000) + `}`)},
		{"duplicate-keys-in-skills", card1(`"skills": [` + repeatJoin(`{`+repeatJoin(`"id": "a"`, ",", 50)+`}`, ",", 1000) + `]`)},
		{"long-keys-nested", longKeysNested(60, 15000)},
		{"long-keys-many-findings", card1(`"skills": [` + repeatObjects(50, func(i int) string {
			return `{"` + strings.Repeat("k", 15000) + itoa(i) + `": 1}`
		}) + `]`)},
		{"one-line-5k-interfaces", oneLineInterfaces(5000)},
		{"one-line-bad-interfaces", []byte(`{"name":"n","description":"d","version":"1","supportedInterfaces":[` + repeatObjects(10000, func(i int) string {
			return `{"url":"{BASE_URL}/a2a/` + itoa(i) + `","protocolBinding":"jsonrpc","protocolVersion":"1.0.0","tenant":""}`
		}) + `],"capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[]}`)},
		{"comments-20k", []byte("{\n" + strings.Repeat("// comment\n/* block */\n", 20000) + `"name": "x"}`)},
		{"trailing-commas-50k", card1(`"skills": [` + strings.Repeat(`[1,],`, 50000) + `1]`)},
		{"single-quotes-30k", card1(`"skills": [` + repeatJoin(`{'id': 'a'}`, ",", 30000) + `]`)},
		{"syntax-errors-mixed", []byte(`{` + strings.Repeat(`name: 'x', "a": NaN, "b": 01, "c": tru, "d" "e", `, 10000) + `}`)},
		{"credentials-10k", card1(`"metadata": {` + keys("apiToken", 10000, `"Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abcdefghijklmnop"`) + `}`)},
		{"skills-with-tags-and-examples", card1(`"skills": [` + repeatObjects(3000, func(i int) string {
			return `{"id": "s", "name": "", "description": "", "tags": [` + repeatJoin(`""`, ",", 20) + `], "examples": [` + repeatJoin(`""`, ",", 20) + `], "inputModes": ["bad"], "outputModes": ["bad"]}`
		}) + `]`)},
		{"security-schemes-5k", card1(`"securitySchemes": {` + keys("scheme", 5000, `{"type": "oauth2", "flows": {"implicit": {"authorizationUrl": "http://x"}}}`) + `}, "security": [` + repeatObjects(5000, func(i int) string {
			return `{"missing` + itoa(i) + `": []}`
		}) + `]`)},
		{"extensions-20k", card1(`"capabilities": {"extensions": [` + repeatJoin(`{"uri": "", "required": "yes"}`, ",", 20000) + `]}`)},
		{"huge-numbers", card1(`"skills": [` + repeatJoin(strings.Repeat("9", 1000)+"e99999", ",", 500) + `]`)},
		{"invalid-utf8-200k", card1(`"description": "` + string(bytes.Repeat([]byte{0xff, 0xfe}, 200000)) + `"`)},
		{"control-characters", card1(`"description": "` + strings.Repeat("\x1b[2J\x1b]8;;https://evil.example\x07link\x1b]8;;\x07\x00\u009b31m", 5000) + `", "name": "\x1b[31mred\x1b[0m"`)},
		{"escaped-control-characters", card1(`"description": "` + strings.Repeat(`\u001b[2J\u001b]8;;https://evil.example\u0007link\u009b`, 10000) + `"`)},
		{"legacy-0.3-many-interfaces", []byte(`{"protocolVersion": "0.3.0", "name": "n", "description": "d", "url": "http://x", "preferredTransport": "jsonrpc", "version": "1", "capabilities": {}, "defaultInputModes": [], "defaultOutputModes": [], "skills": [], "additionalInterfaces": [` + repeatJoin(`{"url": "http://127.0.0.1/a", "transport": "grpc"}`, ",", 15000) + `]}`)},
		{"mixed-era-many-interfaces", []byte(`{"protocolVersion": "0.3.0", "url": "http://x", "preferredTransport": "JSONRPC", "name": "n", "description": "d", "version": "1", "capabilities": {}, "defaultInputModes": [], "defaultOutputModes": [], "skills": [], "additionalInterfaces": [` + repeatJoin(`{"url": "https://a.example/x", "transport": "HTTP+JSON"}`, ",", 5000) + `], "supportedInterfaces": [` + repeatJoin(`{"url": "https://b.example/y", "protocolBinding": "GRPC", "protocolVersion": "0.3"}`, ",", 5000) + `]}`)},
		{"near-miss-keys-5k", card1(repeatObjectsSep(5000, ", ", func(i int) string {
			return `"` + []string{"Name", "descripton", "supported_interfaces", "Skills", "defaultinputmodes"}[i%5] + itoa(i) + `": 1`
		}))},
	}
}

// card1 wraps members into an otherwise valid 1.0 card, so the rules for the
// rest of the card run too.
func card1(members string) []byte {
	var b bytes.Buffer
	b.WriteString(`{"name": "Hostile", "description": "A hostile test card.", "version": "1.0.0", `)
	b.WriteString(`"supportedInterfaces": [{"url": "https://h.example/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}], `)
	b.WriteString(`"capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"], `)
	if !strings.Contains(members, `"skills"`) {
		b.WriteString(`"skills": [{"id": "s", "name": "S", "description": "D", "tags": ["t"]}], `)
	}
	b.WriteString(members)
	b.WriteString("}")
	return b.Bytes()
}

func emptyObjects(field string, n int) []byte {
	return []byte(`{"` + field + `": [` + repeatJoin("{}", ",", n) + `]}`)
}

func repeatJoin(s, sep string, n int) string {
	var b strings.Builder
	b.Grow((len(s) + len(sep)) * n)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(s)
	}
	return b.String()
}

func repeatObjects(n int, f func(int) string) string { return repeatObjectsSep(n, ",", f) }

func repeatObjectsSep(n int, sep string, f func(int) string) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(f(i))
	}
	return b.String()
}

// keys writes n members named prefix0, prefix1, … each with value v.
func keys(prefix string, n int, v string) string {
	return repeatObjects(n, func(i int) string { return `"` + prefix + itoa(i) + `": ` + v })
}

func itoa(i int) string { return fmt.Sprint(i) }

func deep(n int) []byte {
	return []byte(`{"skills": ` + strings.Repeat("[", n) + strings.Repeat("]", n) + `}`)
}

func deepObjects(n int) string {
	return strings.Repeat(`{"a": `, n) + "1" + strings.Repeat("}", n)
}

// longKeysNested nests objects whose keys are long, so every pointer below
// them is long: depth × keyLen bytes for each finding deep inside.
func longKeysNested(depth, keyLen int) []byte {
	var b strings.Builder
	for i := 0; i < depth; i++ {
		b.WriteString(`{"`)
		b.WriteString(strings.Repeat(string(rune('a'+i%26)), keyLen))
		b.WriteString(`": `)
	}
	// credential findings are reported wherever they are, so each of
	// these carries the whole long pointer (and names it in its message)
	b.WriteString(`[` + repeatJoin(`{"apiToken": "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abcdefghijklmnop"}`, ",", 200) + `]`)
	b.WriteString(strings.Repeat("}", depth))
	return card1(`"capabilities": ` + b.String())
}

// oneLineInterfaces is a minified card on one line with n interfaces, each
// with a few findings, so per-finding excerpts of the whole line multiply.
func oneLineInterfaces(n int) []byte {
	return []byte(`{"name":"One line","description":"d","version":"1.0.0","supportedInterfaces":[` + repeatObjects(n, func(i int) string {
		return `{"url":"http://agent` + itoa(i) + `.example/a2a","protocolBinding":"JSONRPC","protocolVersion":"1.0","tenant":"t"}`
	}) + `],"capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[{"id":"s","name":"S","description":"D","tags":["t"]}]}`)
}
