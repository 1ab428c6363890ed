package lsp

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// maxFrame bounds one message. The largest document the engine reads is
// 1 MiB; as a JSON string (every byte escaped as \u00XX at worst) inside a
// didChange it is under 7 MiB. Anything larger is skipped unread, so a
// runaway client costs a bounded amount of memory.
const maxFrame = 8 << 20

// maxHeader bounds the header block of one message.
const maxHeader = 4 << 10

// frameCodec reads and writes LSP's base protocol: a Content-Length
// header, a blank line, then that many bytes of JSON. jsonrpc2's
// VSCodeObjectCodec does the same without a size limit and with
// case-sensitive header names; this one is bounded, reads names the way
// HTTP-style headers are read (any case), and skips an oversized message
// with a log line instead of holding it in memory.
type frameCodec struct {
	max int64
	log func(id string, args ...any)
}

func (frameCodec) WriteObject(w io.Writer, obj any) error {
	data, err := json.Marshal(obj)
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(w, "Content-Length: %d\r\n\r\n", len(data)); err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

var errNoLength = &Error{Text: i18n.T("cli.lsp.no-length")}

func (c frameCodec) ReadObject(r *bufio.Reader, v any) error {
	for {
		n, err := c.readHeader(r)
		if err != nil {
			return err
		}
		if n > c.max {
			if _, err := io.CopyN(io.Discard, r, n); err != nil {
				return err
			}
			c.log("cli.lsp.frame-too-large", n, c.max)
			continue
		}
		return json.NewDecoder(io.LimitReader(r, n)).Decode(v)
	}
}

// readHeader reads header lines up to the blank line and returns the
// content length.
func (c frameCodec) readHeader(r *bufio.Reader) (int64, error) {
	length, seen := int64(-1), 0
	for {
		line, err := r.ReadString('\n')
		seen += len(line)
		if err != nil {
			if err == io.EOF && seen > 0 {
				err = io.ErrUnexpectedEOF
			}
			return 0, err
		}
		if seen > maxHeader {
			return 0, &Error{Text: i18n.T("cli.lsp.header-too-large", maxHeader)}
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			if length < 0 {
				return 0, errNoLength
			}
			return length, nil
		}
		name, value, ok := strings.Cut(line, ":")
		if ok && strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
			if err != nil || n < 0 {
				return 0, &Error{Text: i18n.T("cli.lsp.bad-length", jsonpos.QuoteClipped(strings.TrimSpace(value)))}
			}
			length = n
		}
	}
}
