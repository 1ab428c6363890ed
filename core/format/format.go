// Package format pretty-prints a JSON document without changing anything
// but whitespace between tokens: keys keep their order (duplicates
// included), strings keep their escapes, numbers keep their spelling. What
// the linter said about the text still holds for the formatted text.
package format

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// Indent is the indentation unit the playground uses.
const Indent = "  "

// ErrSyntax is returned, wrapped with the parser's detail, when src is not
// valid JSON; formatting a broken document could move the problem, so the
// text is left as it is.
var ErrSyntax = errors.New("the text is not valid JSON yet, so it was left as it is")

// Format re-indents src with two spaces per level and ends it with a single
// newline. A leading byte order mark is kept.
func Format(src []byte) ([]byte, error) {
	bom := []byte("\ufeff")
	body := bytes.TrimPrefix(src, bom)
	var out bytes.Buffer
	if bytes.HasPrefix(src, bom) {
		out.Write(bom)
	}
	if err := json.Indent(&out, bytes.TrimSpace(body), "", Indent); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, fmt.Errorf("%w (byte %d: %v)", ErrSyntax, se.Offset+int64(len(src)-len(body)), se)
		}
		return nil, fmt.Errorf("%w: %v", ErrSyntax, err)
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}
