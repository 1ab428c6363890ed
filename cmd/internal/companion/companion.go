// Package companion runs agentcard-a2a, the program that holds what runs
// the real a2a-go and gRPC code (the gRPC probe of `lint --probe`, the
// a2a-go row of `select --sdk`), as a child process of agentcard, and
// answers its requests inside it.
//
// Why a second program: Go has no lazy package initialisation, and
// grpc-go, protobuf, genproto and a2a-go (with encoding/gob) register
// their types at start, which cost every agentcard process about 25 ms
// and 15 MB of binary (docs/PERFORMANCE.md), while only
// --probe on a GRPC entry and select --sdk need them. agentcard starts
// the companion when, and only when, one of those is asked for.
//
// It lives under cmd/ because starting and ending processes is the
// commands' business, not the engine's: core sees only the functions it
// defines, probe.Remote's and sdk.GoRunner, which the CLI backs with a
// Client.
//
// The protocol is JSON, one object a line. The child first writes a
// hello ({"companion":"agentcard-a2a","protocol":1}); then each request
// {"id":n,"op":"...","in":{...}} gets one answer {"id":n,"out":{...}} or
// {"id":n,"error":"..."}, in any order (requests run concurrently, as
// probe.Run probes its entries). The child exits at the end of its input.
//
// The companion decides nothing: what a request may do (the fetch policy,
// the credentials for its target) travels with it, decided by the engine
// in the parent (core/check, core/discovery), and the child applies it
// with the same code (core/probe.ServeRemote).
package companion

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/agentcard/agentcard/core/i18n"
)

// Name is the companion program's name (cmd/agentcard-a2a).
const Name = "agentcard-a2a"

// Protocol is the version of the protocol; the parent refuses a child
// that speaks another one (install both from the same release).
const Protocol = 1

// EnvPath names the environment variable that gives the companion's
// path explicitly (tests, unusual installs); otherwise it is looked for
// next to the running executable, then on PATH.
const EnvPath = "AGENTCARD_A2A"

// Install is the command that installs the companion, for messages.
const Install = "go install github.com/agentcard/agentcard/cmd/agentcard-a2a@latest"

// Bounds: one line (a request carries at most one card, which agentcard
// reads up to 16 MiB, base64 in JSON), and the time the child has to say
// hello.
const (
	maxLine      = 24 << 20
	helloTimeout = 10 * time.Second
)

// Error is a failure to reach or run the companion, with words for the
// user (i18n.AsText): a missing program, another protocol, a crash.
type Error struct {
	// Missing: no companion was found (the callers fall back: the model
	// for select --sdk, a not-probed verdict for --probe).
	Missing bool
	Text    i18n.Text
}

func (e *Error) Error() string     { return i18n.EnglishCatalogue().Render(e.Text) }
func (e *Error) AsText() i18n.Text { return e.Text }

// IsMissing reports whether err says the companion is not installed.
func IsMissing(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Missing
}

// Locate finds the companion: $AGENTCARD_A2A when set, else next to the
// running executable (how the release archives and go install place
// it), else on PATH.
func Locate() (string, error) {
	if p := os.Getenv(EnvPath); p != "" {
		if st, err := os.Stat(p); err != nil || st.IsDir() {
			return "", &Error{Missing: true, Text: i18n.T("msg.companion.missing-env", EnvPath, p, Install)}
		}
		return p, nil
	}
	exe := Name
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	if self, err := os.Executable(); err == nil {
		p := filepath.Join(filepath.Dir(self), exe)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p, nil
		}
	}
	if p, err := exec.LookPath(Name); err == nil {
		return p, nil
	}
	return "", &Error{Missing: true, Text: i18n.T("msg.companion.missing", Name, Install)}
}

// Client is one companion process, started on the first Call and shared
// by the calls after it; safe for concurrent use. The zero value locates
// the program with Locate; Path sets it.
type Client struct {
	Path string

	once    sync.Once
	err     error // why the child cannot answer (set once)
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	writeMu sync.Mutex

	mu      sync.Mutex
	next    int
	pending map[int]chan answer
	done    chan struct{} // closed when the child's output ended
}

type request struct {
	ID int    `json:"id"`
	Op string `json:"op"`
	In any    `json:"in"`
}

type answer struct {
	ID    int             `json:"id"`
	Out   json.RawMessage `json:"out,omitempty"`
	Error string          `json:"error,omitempty"`
}

type hello struct {
	Companion string `json:"companion"`
	Protocol  int    `json:"protocol"`
	Version   string `json:"version,omitempty"`
}

// Call sends op with in and decodes its answer into out. It returns an
// *Error when the companion is missing or broken; ctx bounds the wait
// (the child is left running for the other calls).
func (c *Client) Call(ctx context.Context, op string, in, out any) error {
	c.once.Do(c.start)
	if c.err != nil {
		return c.err
	}
	ch := make(chan answer, 1)
	c.mu.Lock()
	select {
	case <-c.done:
		c.mu.Unlock()
		return c.broken(errors.New("it exited"))
	default:
	}
	c.next++
	id := c.next
	c.pending[id] = ch
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		delete(c.pending, id)
		c.mu.Unlock()
	}()
	line, err := json.Marshal(request{ID: id, Op: op, In: in})
	if err != nil {
		return err
	}
	c.writeMu.Lock()
	_, err = c.stdin.Write(append(line, '\n'))
	c.writeMu.Unlock()
	if err != nil {
		return c.broken(err)
	}
	select {
	case a := <-ch:
		if a.Error != "" {
			return &Error{Text: i18n.T("msg.companion.failed", Name, a.Error)}
		}
		if err := json.Unmarshal(a.Out, out); err != nil {
			return c.broken(err)
		}
		return nil
	case <-c.done:
		return c.broken(errors.New("it exited"))
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (c *Client) broken(err error) error {
	return &Error{Text: i18n.T("msg.companion.failed", Name, err.Error())}
}

// start runs the child and reads its hello.
func (c *Client) start() {
	path := c.Path
	if path == "" {
		p, err := Locate()
		if err != nil {
			c.err = err
			return
		}
		path = p
	}
	cmd := exec.Command(path)
	cmd.Stderr = nil // its own complaints are not ours to print
	stdin, err := cmd.StdinPipe()
	if err != nil {
		c.err = c.broken(err)
		return
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		c.err = c.broken(err)
		return
	}
	if err := cmd.Start(); err != nil {
		c.err = &Error{Missing: errors.Is(err, exec.ErrNotFound) || errors.Is(err, os.ErrNotExist), Text: i18n.T("msg.companion.start", path, err.Error(), Install)}
		return
	}
	c.cmd, c.stdin, c.pending, c.done = cmd, stdin, map[int]chan answer{}, make(chan struct{})
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	helloCh := make(chan error, 1)
	go func() {
		defer close(c.done)
		if !sc.Scan() {
			helloCh <- fmt.Errorf("it said nothing (%v)", sc.Err())
			return
		}
		var h hello
		if err := json.Unmarshal(sc.Bytes(), &h); err != nil || h.Companion != Name {
			helloCh <- errors.New("it is not " + Name)
			return
		}
		if h.Protocol != Protocol {
			helloCh <- &Error{Text: i18n.T("msg.companion.protocol", path, h.Protocol, Protocol, Install)}
			return
		}
		helloCh <- nil
		for sc.Scan() {
			var a answer
			if json.Unmarshal(sc.Bytes(), &a) != nil {
				continue
			}
			c.mu.Lock()
			ch := c.pending[a.ID]
			c.mu.Unlock()
			if ch != nil {
				ch <- a
			}
		}
	}()
	t := time.NewTimer(helloTimeout)
	defer t.Stop()
	select {
	case err := <-helloCh:
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				err = &Error{Text: i18n.T("msg.companion.start", path, err.Error(), Install)}
			}
			c.err = err
			c.kill()
		}
	case <-t.C:
		c.err = &Error{Text: i18n.T("msg.companion.start", path, "no answer in "+strconv.Itoa(int(helloTimeout/time.Second))+" s", Install)}
		c.kill()
	}
}

func (c *Client) kill() {
	_ = c.stdin.Close()
	_ = c.cmd.Process.Kill()
	_ = c.cmd.Wait()
}

// Close ends the child (its input ends; it is killed if it has not
// exited a second later). A client that never started has nothing to do.
func (c *Client) Close() error {
	c.once.Do(func() { c.err = errors.New("closed") })
	if c.cmd == nil {
		return nil
	}
	_ = c.stdin.Close()
	exited := make(chan error, 1)
	go func() { exited <- c.cmd.Wait() }()
	select {
	case <-exited:
	case <-time.After(time.Second):
		_ = c.cmd.Process.Kill()
		<-exited
	}
	return nil
}

// Handler answers one op: in is the request's "in" member.
type Handler func(ctx context.Context, in json.RawMessage) (any, error)

// Serve is the child's side: it says hello on w, then answers each line
// of r with the handler of its op, concurrently, until r ends (and the
// answers under way are written). version is the program's version.
func Serve(ctx context.Context, r io.Reader, w io.Writer, version string, handlers map[string]Handler) error {
	var mu sync.Mutex
	enc := json.NewEncoder(w)
	write := func(v any) {
		mu.Lock()
		defer mu.Unlock()
		_ = enc.Encode(v)
	}
	write(hello{Companion: Name, Protocol: Protocol, Version: version})
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	var wg sync.WaitGroup
	for sc.Scan() {
		var req struct {
			ID int             `json:"id"`
			Op string          `json:"op"`
			In json.RawMessage `json:"in"`
		}
		if err := json.Unmarshal(sc.Bytes(), &req); err != nil {
			write(answer{ID: req.ID, Error: "bad request: " + err.Error()})
			continue
		}
		h := handlers[req.Op]
		if h == nil {
			write(answer{ID: req.ID, Error: "unknown op " + strconv.Quote(req.Op)})
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			a := answer{ID: req.ID}
			defer func() {
				if p := recover(); p != nil {
					a = answer{ID: req.ID, Error: fmt.Sprint("panic: ", p)}
				}
				write(a)
			}()
			out, err := h(ctx, req.In)
			if err != nil {
				a.Error = err.Error()
				return
			}
			b, err := json.Marshal(out)
			if err != nil {
				a.Error = err.Error()
				return
			}
			a.Out = b
		}()
	}
	wg.Wait()
	return sc.Err()
}
