package lsp

import (
	"bufio"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf16"
)

// client speaks LSP to a Serve running on pipes, framing messages by hand
// (Content-Length headers written and read here, not by the library under
// test), so the tests check the wire format an editor sees.
type client struct {
	t      *testing.T
	w      io.WriteCloser
	done   chan error // Serve's result
	nextID int

	mu    sync.Mutex
	resps map[int]chan message
	notes chan message
}

// message is any JSON-RPC message the server sends.
type message struct {
	ID     *int            `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// wait bounds every read so that a broken server fails the test instead
// of hanging it.
const wait = 10 * time.Second

func startServer(t *testing.T, opts Options) *client {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	c := &client{t: t, w: inW, done: make(chan error, 1), resps: map[int]chan message{}, notes: make(chan message, 64)}
	go func() { c.done <- Serve(ctx, inR, outW, opts) }()
	go c.read(bufio.NewReader(outR))
	t.Cleanup(func() {
		cancel()
		inW.Close()
		outR.Close()
	})
	return c
}

// read delivers responses to their callers and queues notifications.
func (c *client) read(r *bufio.Reader) {
	for {
		length := -1
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				close(c.notes)
				return
			}
			line = strings.TrimRight(line, "\r\n")
			if line == "" {
				break
			}
			if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
				length, _ = strconv.Atoi(v)
			}
		}
		body := make([]byte, length)
		if _, err := io.ReadFull(r, body); err != nil {
			close(c.notes)
			return
		}
		var m message
		if err := json.Unmarshal(body, &m); err != nil {
			panic(fmt.Sprintf("server sent invalid JSON %q: %v", body, err))
		}
		if m.ID != nil && m.Method == "" {
			c.mu.Lock()
			ch := c.resps[*m.ID]
			c.mu.Unlock()
			if ch != nil {
				ch <- m
			}
			continue
		}
		c.notes <- m
	}
}

func (c *client) send(v any) {
	c.t.Helper()
	body, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	if _, err := fmt.Fprintf(c.w, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
		c.t.Fatalf("writing to the server: %v", err)
	}
}

// call sends a request and decodes its result into result (when not nil).
func (c *client) call(method string, params, result any) {
	c.t.Helper()
	c.nextID++
	id := c.nextID
	ch := make(chan message, 1)
	c.mu.Lock()
	c.resps[id] = ch
	c.mu.Unlock()
	c.send(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	select {
	case m := <-ch:
		if m.Error != nil {
			c.t.Fatalf("%s: error %d %s", method, m.Error.Code, m.Error.Message)
		}
		if result != nil {
			if err := json.Unmarshal(m.Result, result); err != nil {
				c.t.Fatalf("%s: result %s: %v", method, m.Result, err)
			}
		}
	case <-time.After(wait):
		c.t.Fatalf("%s: no answer in %s", method, wait)
	}
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	c.send(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
}

// next returns the next notification of method (any method for ""),
// skipping others.
func (c *client) next(method string) message {
	c.t.Helper()
	timeout := time.After(wait)
	for {
		select {
		case m, ok := <-c.notes:
			if !ok {
				c.t.Fatalf("waiting for %s: the server closed its output", method)
			}
			if method == "" || m.Method == method {
				return m
			}
		case <-timeout:
			c.t.Fatalf("no %s in %s", method, wait)
		}
	}
}

// Types of the answers, as an editor reads them (written here, not
// borrowed from the library, so a wrong field name fails).
type (
	lspPos   struct{ Line, Character int }
	lspRange struct{ Start, End lspPos }
	lspDiag  struct {
		Range           lspRange `json:"range"`
		Severity        int      `json:"severity"`
		Code            string   `json:"code"`
		Source          string   `json:"source"`
		Message         string   `json:"message"`
		CodeDescription struct {
			Href string `json:"href"`
		} `json:"codeDescription"`
		RelatedInformation []struct {
			Location struct {
				URI   string   `json:"uri"`
				Range lspRange `json:"range"`
			} `json:"location"`
			Message string `json:"message"`
		} `json:"relatedInformation"`
	}
	published struct {
		URI         string    `json:"uri"`
		Version     *int      `json:"version"`
		Diagnostics []lspDiag `json:"diagnostics"`
	}
	textEdit struct {
		Range   lspRange `json:"range"`
		NewText string   `json:"newText"`
	}
	codeAction struct {
		Title       string    `json:"title"`
		Kind        string    `json:"kind"`
		IsPreferred bool      `json:"isPreferred"`
		Diagnostics []lspDiag `json:"diagnostics"`
		Edit        struct {
			Changes map[string][]textEdit `json:"changes"`
		} `json:"edit"`
	}
	hoverResult struct {
		Contents struct {
			Kind  string `json:"kind"`
			Value string `json:"value"`
		} `json:"contents"`
		Range *lspRange `json:"range"`
	}
	completionList struct {
		Items []struct {
			Label    string   `json:"label"`
			Detail   string   `json:"detail"`
			TextEdit textEdit `json:"textEdit"`
		} `json:"items"`
	}
)

// diagnostics waits for the next publishDiagnostics.
func (c *client) diagnostics() published {
	c.t.Helper()
	m := c.next("textDocument/publishDiagnostics")
	var p published
	if err := json.Unmarshal(m.Params, &p); err != nil {
		c.t.Fatal(err)
	}
	if p.Diagnostics == nil {
		c.t.Fatalf("diagnostics is not an array: %s", m.Params)
	}
	return p
}

// posOf is where the first occurrence of needle (after the first
// occurrence of after, when given) starts, as an editor counts: 0-based
// line, UTF-16 units from the line start — computed with unicode/utf16,
// independently of the server's conversion.
func posOf(t *testing.T, text, after, needle string) lspPos {
	t.Helper()
	from := strings.Index(text, after)
	i := strings.Index(text[from:], needle)
	if from < 0 || i < 0 {
		t.Fatalf("%q (after %q) is not in the text", needle, after)
	}
	off := from + i
	lineStart := strings.LastIndexByte(text[:off], '\n') + 1
	return lspPos{Line: strings.Count(text[:off], "\n"), Character: len(utf16.Encode([]rune(text[lineStart:off])))}
}

// applyEdits applies non-overlapping LSP edits to text, converting their
// positions back with unicode/utf16.
func applyEdits(t *testing.T, text string, edits []textEdit) string {
	t.Helper()
	offset := func(p lspPos) int {
		lines := strings.SplitAfter(text, "\n")
		off := 0
		for _, l := range lines[:p.Line] {
			off += len(l)
		}
		units := 0
		for i, r := range lines[p.Line] {
			if units >= p.Character {
				return off + i
			}
			units += len(utf16.Encode([]rune{r}))
		}
		return off + len(lines[p.Line])
	}
	// last edit first, so earlier offsets stay valid
	edits = slices.Clone(edits)
	slices.SortFunc(edits, func(a, b textEdit) int {
		return cmp.Or(cmp.Compare(b.Range.Start.Line, a.Range.Start.Line), cmp.Compare(b.Range.Start.Character, a.Range.Start.Character))
	})
	for _, e := range edits {
		s, en := offset(e.Range.Start), offset(e.Range.End)
		text = text[:s] + e.NewText + text[en:]
	}
	return text
}
