// Command wasmsize says what a Go-built WebAssembly module is made of:
// the size of each section, and the code (function bodies) of each Go
// package, read from the module's name section. It answers "what is
// linked, and what does it cost" for the size budgets of
// docs/PERFORMANCE.md (go tool nm does not read wasm).
//
//	GOOS=js GOARCH=wasm go build -trimpath -o /tmp/editor.wasm ./wasm/editor
//	go run ./scripts/wasmsize [-top 40] [-symbols] /tmp/editor.wasm
//
// Build without -ldflags=-s: the name section is what names the
// functions (stripping it changes nothing else about the code).
package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
)

func main() {
	top := flag.Int("top", 40, "rows to print")
	symbols := flag.Bool("symbols", false, "list the largest functions instead of packages")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: wasmsize [-top N] [-symbols] file.wasm")
		os.Exit(2)
	}
	data, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fail(err)
	}
	m, err := parse(data)
	if err != nil {
		fail(err)
	}
	report(os.Stdout, m, *top, *symbols)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "wasmsize:", err)
	os.Exit(1)
}

// module is what the report needs of a wasm module.
type module struct {
	size     int
	sections []section
	imports  int            // imported functions come first in the index space
	bodies   [][]byte       // function bodies, in the order of the code section
	names    map[int]string // function index -> name (the name section)
}

type section struct {
	id   byte
	name string // custom sections' own names
	size int
}

var sectionNames = map[byte]string{0: "custom", 1: "type", 2: "import", 3: "function", 4: "table", 5: "memory",
	6: "global", 7: "export", 8: "start", 9: "element", 10: "code", 11: "data", 12: "datacount"}

// reader reads the module's LEB128 integers, bytes and names.
type reader struct {
	b   []byte
	off int
	err error
}

func (r *reader) byte() byte {
	if r.err != nil || r.off >= len(r.b) {
		r.err = errors.New("unexpected end of module")
		return 0
	}
	c := r.b[r.off]
	r.off++
	return c
}

func (r *reader) u32() int {
	var v, shift uint
	for i := 0; i < 5; i++ {
		c := r.byte()
		v |= uint(c&0x7f) << shift
		if c < 0x80 {
			return int(v)
		}
		shift += 7
	}
	r.err = errors.New("bad LEB128 integer")
	return 0
}

func (r *reader) bytes(n int) []byte {
	if r.err != nil || n < 0 || r.off+n > len(r.b) {
		r.err = errors.New("unexpected end of module")
		return nil
	}
	s := r.b[r.off : r.off+n]
	r.off += n
	return s
}

func (r *reader) name() string { return string(r.bytes(r.u32())) }

func parse(b []byte) (*module, error) {
	if len(b) < 8 || !bytes.Equal(b[:4], []byte("\x00asm")) {
		return nil, errors.New("not a WebAssembly module")
	}
	m := &module{size: len(b), names: map[int]string{}}
	r := &reader{b: b, off: 8}
	for r.off < len(b) && r.err == nil {
		id := r.byte()
		n := r.u32()
		body := r.bytes(n)
		if r.err != nil {
			break
		}
		s := section{id: id, size: n}
		sr := &reader{b: body}
		switch id {
		case 0:
			s.name = sr.name()
			if s.name == "name" {
				readNames(sr, m)
			}
		case 2:
			for i, count := 0, sr.u32(); i < count && sr.err == nil; i++ {
				sr.name()
				sr.name()
				switch kind := sr.byte(); kind {
				case 0: // function: type index
					sr.u32()
					m.imports++
				case 1: // table: element type, limits
					sr.byte()
					limits(sr)
				case 2: // memory
					limits(sr)
				case 3: // global: type, mutability
					sr.byte()
					sr.byte()
				}
			}
		case 10:
			for i, count := 0, sr.u32(); i < count && sr.err == nil; i++ {
				m.bodies = append(m.bodies, sr.bytes(sr.u32()))
			}
		}
		if sr.err != nil {
			return nil, fmt.Errorf("section %d: %w", id, sr.err)
		}
		m.sections = append(m.sections, s)
	}
	return m, r.err
}

func limits(r *reader) {
	if r.byte()&1 != 0 {
		r.u32()
	}
	r.u32()
}

// readNames reads the function names (subsection 1) of the name section.
func readNames(r *reader, m *module) {
	for r.off < len(r.b) && r.err == nil {
		id := r.byte()
		sub := &reader{b: r.bytes(r.u32())}
		if id != 1 {
			continue
		}
		for i, count := 0, sub.u32(); i < count && sub.err == nil; i++ {
			idx := sub.u32()
			m.names[idx] = sub.name()
		}
	}
}

// pkgOf is the Go package of a function symbol. The name section spells
// a package path with '_' for '/' ("github.com_agentcard_agentcard_core_lint.Lint",
// "encoding_json.(*decodeState).object" written "encoding_json.__decodeState_.object");
// the package ends at the first '.' after the host name, if any.
// "type:.eq.main.T" -> "type:", "go:buildid" -> "go:".
func pkgOf(sym string) string {
	if strings.HasPrefix(sym, "type:") || strings.HasPrefix(sym, "go:") {
		return sym[:strings.IndexByte(sym, ':')+1]
	}
	from := 0
	if u := strings.IndexByte(sym, '_'); u > 0 && sym[u-1] != '.' && strings.Contains(sym[:u], ".") {
		from = u // a host name: github.com_…, go.yaml.in_…
	}
	if dot := strings.IndexByte(sym[from:], '.'); dot >= 0 {
		return strings.ReplaceAll(sym[:from+dot], "_", "/")
	}
	return sym
}

func gz(b []byte) int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w.Write(b)
	w.Close()
	return buf.Len()
}

type row struct {
	name  string
	code  int
	funcs int
	gzip  int
	body  [][]byte
}

func report(w *os.File, m *module, top int, symbols bool) {
	fmt.Fprintf(w, "module %d bytes\n\n%-10s %-12s %10s %7s\n", m.size, "section", "name", "bytes", "share")
	for _, s := range m.sections {
		fmt.Fprintf(w, "%-10s %-12s %10d %6.1f%%\n", sectionNames[s.id], s.name, s.size, 100*float64(s.size)/float64(m.size))
	}
	if len(m.names) == 0 {
		fmt.Fprintln(w, "\nno name section (built with -ldflags=-s?): no per-package sizes")
		return
	}
	rows := map[string]*row{}
	total := 0
	for i, b := range m.bodies {
		sym := m.names[m.imports+i]
		key := pkgOf(sym)
		if symbols {
			key = sym
		}
		r := rows[key]
		if r == nil {
			r = &row{name: key}
			rows[key] = r
		}
		r.code += len(b)
		r.funcs++
		r.body = append(r.body, b)
		total += len(b)
	}
	list := make([]*row, 0, len(rows))
	for _, r := range rows {
		list = append(list, r)
	}
	sort.Slice(list, func(i, j int) bool {
		return list[i].code > list[j].code || list[i].code == list[j].code && list[i].name < list[j].name
	})
	what := "package"
	if symbols {
		what = "function"
	}
	fmt.Fprintf(w, "\ncode by %s (function bodies; gzip of each alone, for comparison), %d bytes in all\n", what, total)
	fmt.Fprintf(w, "%10s %6s %10s %6s  %s\n", "bytes", "share", "gzip", "funcs", what)
	for i, r := range list {
		if i == top {
			break
		}
		fmt.Fprintf(w, "%10d %5.1f%% %10d %6d  %s\n", r.code, 100*float64(r.code)/float64(total), gz(bytes.Join(r.body, nil)), r.funcs, r.name)
	}
}
