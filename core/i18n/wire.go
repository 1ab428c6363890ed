package i18n

import "fmt"

// Wire is a Text as it crosses a process or a cache: plain JSON would
// turn every argument into a string or a float64 and lose Phrase and
// nested Text (and with them the ".one" forms and the reader's language
// of the inner words), so each argument says what it is.
type Wire struct {
	ID   string    `json:"id"`
	Args []WireArg `json:"args,omitempty"`
}

// WireArg is one argument of a Wire: exactly one member is set.
type WireArg struct {
	S *string `json:"s,omitempty"` // a string
	I *int64  `json:"i,omitempty"` // an integer
	P string  `json:"p,omitempty"` // a Phrase
	T *Wire   `json:"t,omitempty"` // a Text
}

// maxWireDepth bounds nesting (a Text inside a Text …); real messages
// nest once or twice.
const maxWireDepth = 4

// ToWire is t in its wire form; arguments of other types travel as
// their fmt rendering.
func ToWire(t Text) *Wire { return toWire(t, 0) }

func toWire(t Text, depth int) *Wire {
	out := &Wire{ID: t.ID}
	for _, a := range t.Args {
		var ea WireArg
		switch v := a.(type) {
		case string:
			ea.S = &v
		case int:
			n := int64(v)
			ea.I = &n
		case int64:
			ea.I = &v
		case Phrase:
			ea.P = string(v)
		case Text:
			if depth < maxWireDepth {
				ea.T = toWire(v, depth+1)
			}
		case AsText:
			if depth < maxWireDepth {
				ea.T = toWire(v.AsText(), depth+1)
			}
		default:
			s := fmt.Sprint(v)
			ea.S = &s
		}
		out.Args = append(out.Args, ea)
	}
	return out
}

// Text is the Text w carries (the zero Text for nil).
func (w *Wire) Text() Text {
	if w == nil {
		return Text{}
	}
	return w.text(0)
}

func (w *Wire) text(depth int) Text {
	out := Text{ID: w.ID}
	for _, a := range w.Args {
		switch {
		case a.S != nil:
			out.Args = append(out.Args, *a.S)
		case a.I != nil:
			out.Args = append(out.Args, int(*a.I))
		case a.P != "":
			out.Args = append(out.Args, Phrase(a.P))
		case a.T != nil && depth < maxWireDepth:
			out.Args = append(out.Args, a.T.text(depth+1))
		default:
			out.Args = append(out.Args, "")
		}
	}
	return out
}
