// Command newrule starts a rule: it writes the skeleton of its entry and
// check into its topic file of core/lint and its Chinese keys into
// core/i18n/catalog/zh-CN/rules.json, the files a new rule is made of
// besides its test cases (CONTRIBUTING.md, "Add a rule").
//
//	go run ./scripts/newrule CODE TOPIC
//
// CODE is the rule's kebab-case code ("skill-name-shouts"); TOPIC names
// the topic file core/lint/TOPIC.go ("skills", "security_schemes"). The
// skeleton's words are TODO and its check reports nothing, so the tests
// fail until the rule is written: the bad example must trigger it, and
// the Chinese must be translated (it starts as the TODO text).
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/agentcard/agentcard/core/lint"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: go run ./scripts/newrule CODE TOPIC   (TOPIC names core/lint/TOPIC.go)")
		os.Exit(2)
	}
	code, topic := os.Args[1], os.Args[2]
	if lint.RuleFor(code) != nil {
		fmt.Fprintf(os.Stderr, "newrule: %s is already a rule\n", code)
		os.Exit(1)
	}
	files, err := scaffold(".", code, topic)
	if err != nil {
		fmt.Fprintln(os.Stderr, "newrule:", err)
		os.Exit(1)
	}
	for _, f := range files {
		fmt.Println("wrote", f)
	}
	fmt.Println("next: write the entry's words, basis, references, message, bad and good examples and the check; the cases in core/lint/" + topic + "_test.go; the Chinese in zh-CN/rules.json; then go test ./core/lint/ -update (the golden of the bad example) and read the diff")
}

var codeRE = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)+$`)

// ZHFile is the Chinese catalogue of the rules, relative to the root.
const ZHFile = "core/i18n/catalog/zh-CN/rules.json"

// scaffold writes the rule's skeleton under root and returns the files it
// changed.
func scaffold(root, code, topic string) ([]string, error) {
	if !codeRE.MatchString(code) {
		return nil, fmt.Errorf("code %q: use lower-case kebab-case, at least two words (skill-name-shouts)", code)
	}
	goFile := filepath.Join("core", "lint", topic+".go")
	src, err := os.ReadFile(filepath.Join(root, goFile))
	if err != nil {
		return nil, fmt.Errorf("topic %q: %w", topic, err)
	}
	out, err := addEntry(src, code)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", goFile, err)
	}
	zh, err := os.ReadFile(filepath.Join(root, ZHFile))
	if err != nil {
		return nil, err
	}
	zhOut, err := addKeys(zh, code)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ZHFile, err)
	}
	if err := os.WriteFile(filepath.Join(root, goFile), out, 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(root, ZHFile), zhOut, 0o644); err != nil {
		return nil, err
	}
	return []string{goFile, ZHFile}, nil
}

var topicRE = regexp.MustCompile(`Topic:\s*"([a-z]+)"`)

// addEntry adds the entry to the list the file's rule function returns
// and a check that reports nothing at the end of the file.
func addEntry(src []byte, code string) ([]byte, error) {
	m := topicRE.FindSubmatch(src)
	if m == nil {
		return nil, errors.New("no rule entry to take the topic from")
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	var list *ast.CompositeLit
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Body == nil || !strings.HasSuffix(fn.Name.Name, "Rules") || list != nil {
			continue
		}
		for _, st := range fn.Body.List {
			if ret, ok := st.(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
				if cl, ok := ret.Results[0].(*ast.CompositeLit); ok {
					list = cl
				}
			}
		}
	}
	if list == nil {
		return nil, errors.New("no function xxxRules() returning a []*Rule{...} literal")
	}
	check := "check" + camel(code)
	entry := fmt.Sprintf(`&Rule{Rule: diag.Rule{Code: %q, Severity: Info, Topic: %q, Title: "TODO",
			Explanation: "TODO",
			HowToFix:    "TODO",
			Basis:       Basis{Kind: BasisAdvice},
			Refs:        []diag.Ref{
				// The sections it rests on, as core/card writes them: the
				// catalogue test prints the literal of a known section.
			},
			Messages: []diag.Message{
				{ID: %q, Text: "TODO %%s"},
			},
			Bad:  `+"`TODO`"+`,
			Good: `+"`TODO`"+`}, Check: %s},
`, code, string(m[1]), "msg."+code, check)
	at := fset.Position(list.Rbrace).Offset
	var b bytes.Buffer
	b.Write(src[:at])
	b.WriteString(entry)
	b.Write(src[at:])
	fmt.Fprintf(&b, "\n// %s reports %s.\nfunc %s(c *Context) {\n\t// TODO: c.Report(node, %q, args...)\n}\n", check, code, check, "msg."+code)
	return format.Source(b.Bytes())
}

// camel is a kebab-case code in CamelCase.
func camel(code string) string {
	var b strings.Builder
	for _, w := range strings.Split(code, "-") {
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}

// addKeys appends the rule's Chinese keys (TODO text, to be translated)
// to the catalogue file, keeping its members and their order.
func addKeys(data []byte, code string) ([]byte, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	if t, err := d.Token(); err != nil || t != json.Delim('{') {
		return nil, errors.New("not a JSON object")
	}
	type member struct{ k, v string }
	var ms []member
	seen := map[string]bool{}
	for d.More() {
		k, err := d.Token()
		if err != nil {
			return nil, err
		}
		var v string
		if err := d.Decode(&v); err != nil {
			return nil, err
		}
		ms = append(ms, member{k.(string), v})
		seen[k.(string)] = true
	}
	for _, k := range []string{"rule." + code + ".title", "rule." + code + ".explanation", "rule." + code + ".howToFix", "msg." + code} {
		if seen[k] {
			return nil, fmt.Errorf("%s is already there", k)
		}
		v := "TODO"
		if strings.HasPrefix(k, "msg.") {
			v = "TODO %s"
		}
		ms = append(ms, member{k, v})
	}
	var b bytes.Buffer
	b.WriteString("{\n")
	for i, m := range ms {
		b.WriteString("  " + quote(m.k) + ": " + quote(m.v))
		if i < len(ms)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("}\n")
	return b.Bytes(), nil
}

// quote is s as JSON, with <, > and & as written.
func quote(s string) string {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	e.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}
