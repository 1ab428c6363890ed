package en

import "strings"

// EditorFiles are the catalogue files of the ids the playground's engine
// (and its signature verifier, the same package with -tags verifier) can
// produce: findings (lint, whose rules carry their own messages in
// their entries, parser, security hosts in discovery), fixes
// and migration (fix*, cli-toolkit's migration notes), selection and the
// SDK matrix (selection, sdk*, ui-matrix), signatures (signature,
// livecheck's key texts), positions quoted in messages (cli-ci's
// phrase.position) and the editor's own (ui-tools). The engine carries
// them as Editor (editor_table.go, generated from these files by
// `go generate`; TestEditorTable keeps it equal to them). They are
// glob patterns, separated by spaces.
const EditorFiles = "lint.json parser.json fix*.json selection.json sdk*.json ui-matrix.json ui-tools.json cli-ci.json cli-toolkit.json discovery.json signature.json livecheck.json"

// Table is a catalogue as constant data: the members sorted by id, each
// written into Data as id, NUL, text, NUL, starting at Starts[i]
// (Starts has one more element, len(Data)). It lives in the program's
// data section, so a program that has it pays nothing to load its
// words (the playground's engine: no file read, no parse, no map built
// before its first findings), and a lookup is a binary search.
type Table struct {
	Data   string
	Starts []uint32
}

// Len is the number of members.
func (t *Table) Len() int {
	if len(t.Starts) == 0 {
		return 0
	}
	return len(t.Starts) - 1
}

// At is the i'th member.
func (t *Table) At(i int) (id, text string) {
	e := t.Data[t.Starts[i] : t.Starts[i+1]-1]
	k := strings.IndexByte(e, 0)
	return e[:k], e[k+1:]
}

// Lookup finds the text of id.
func (t *Table) Lookup(id string) (string, bool) {
	lo, hi := 0, t.Len()
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		k, v := t.At(m)
		switch {
		case k == id:
			return v, true
		case k < id:
			lo = m + 1
		default:
			hi = m
		}
	}
	return "", false
}
