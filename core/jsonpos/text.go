package jsonpos

// Text is a message as data: a catalogue id and its arguments. It is what
// a problem, a fix title or a related place carries instead of a sentence.
// The parser speaks only in these (as go/scanner speaks in codes); core/i18n
// renders them in a reader's language (i18n.Text is this type), so this
// package imports none of ours and a program words its findings above it.
type Text struct {
	ID   string `json:"id"`
	Args []any  `json:"args,omitempty"`
}

// IsZero reports whether t is empty (no message).
func (t Text) IsZero() bool { return t.ID == "" }

// Phrase is an argument that is itself a message id without arguments (a
// JSON type name, a word such as "error"): it is rendered in the reader's
// language before being put into the sentence. A Text argument is rendered
// the same way, with its own arguments (a label such as `security scheme
// "oauth"`). i18n.Phrase is this type.
type Phrase string

// text builds a Text (i18n.T, which this package cannot import).
func text(id string, args ...any) Text { return Text{ID: id, Args: args} }
