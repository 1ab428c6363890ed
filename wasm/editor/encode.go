package main

// The answers' JSON, written by hand. Every answer crosses to JavaScript
// as one JSON string (main_js.go), and encoding/json did that by
// reflection: 230 KB of code in the wasm (about 50 KB of its brotli), and
// on the first lint 57 ms building its encoders, then a reflective walk
// on every keystroke. These appenders write the same bytes encoding/json
// writes with HTML escaping off (member order, omitempty, null for a nil
// slice): encode_test.go compares them on every testdata card and every
// rule example. HTML escaping (\u003c for <) changes nothing JSON.parse
// reads; the page never puts this text into HTML as is.
//
// A member is added with the writer's methods; the comma before it is
// decided from the last byte written (none after '{' or '['), so the
// appenders read like the struct they write.

import (
	"strconv"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// jw is a JSON text being written.
type jw struct{ b []byte }

// sep writes the comma before a member or element, unless it is the first.
func (w *jw) sep() {
	if n := len(w.b); n > 0 && w.b[n-1] != '{' && w.b[n-1] != '[' && w.b[n-1] != ':' {
		w.b = append(w.b, ',')
	}
}

// key starts the member name (a Go constant: no escaping needed).
func (w *jw) key(name string) {
	w.sep()
	w.b = append(w.b, '"')
	w.b = append(w.b, name...)
	w.b = append(w.b, '"', ':')
}

func (w *jw) open()  { w.sep(); w.b = append(w.b, '{') }
func (w *jw) close() { w.b = append(w.b, '}') }

func (w *jw) str(v string) { w.sep(); w.b = jsonpos.AppendQuote(w.b, v) }
func (w *jw) num(v int)    { w.sep(); w.b = strconv.AppendInt(w.b, int64(v), 10) }
func (w *jw) boolean(v bool) {
	w.sep()
	w.b = strconv.AppendBool(w.b, v)
}

// s, i and t write a member; so, io and to leave it out when it is the
// zero value (omitempty).
func (w *jw) s(name, v string) { w.key(name); w.str(v) }
func (w *jw) i(name string, v int) {
	w.key(name)
	w.num(v)
}
func (w *jw) t(name string, v bool) { w.key(name); w.boolean(v) }
func (w *jw) so(name, v string) {
	if v != "" {
		w.s(name, v)
	}
}
func (w *jw) io(name string, v int) {
	if v != 0 {
		w.i(name, v)
	}
}
func (w *jw) to(name string, v bool) {
	if v {
		w.t(name, v)
	}
}

// list writes a slice: null when nil, as encoding/json does.
func list[T any](w *jw, v []T, elem func(*jw, *T)) {
	w.sep()
	if v == nil {
		w.b = append(w.b, "null"...)
		return
	}
	w.b = append(w.b, '[')
	for i := range v {
		elem(w, &v[i])
	}
	w.b = append(w.b, ']')
}

func strElem(w *jw, s *string) { w.str(*s) }

// strs writes a []string member; strso leaves an empty one out.
func (w *jw) strs(name string, v []string) { w.key(name); list(w, v, strElem) }
func (w *jw) strso(name string, v []string) {
	if len(v) > 0 {
		w.strs(name, v)
	}
}

func (w *jw) pos(name string, p jsonpos.Position) {
	w.key(name)
	w.open()
	w.i("line", p.Line)
	w.i("column", p.Column)
	w.i("offset", p.Offset)
	w.close()
}

func (w *jw) rng(name string, r jsonpos.Range) {
	w.key(name)
	w.open()
	w.pos("start", r.Start)
	w.pos("end", r.End)
	w.close()
}

// errorJSON is {"error": msg}, the answer of a call that failed.
func errorJSON(msg string) []byte {
	w := &jw{}
	w.open()
	w.s("error", msg)
	w.close()
	return w.b
}

func (r *LintResult) appendJSON(w *jw) {
	w.open()
	w.s("input", r.Input)
	w.s("era", r.Era)
	w.i("errors", r.Errors)
	w.i("warnings", r.Warnings)
	w.i("infos", r.Infos)
	w.key("diagnostics")
	list(w, r.Diagnostics, (*jw).diagnostic)
	w.key("interfaces")
	r.Interfaces.appendJSON(w)
	w.s("profile", r.Profile)
	w.i("signatures", r.Signatures)
	w.close()
}

func (w *jw) diagnostic(d *Diagnostic) {
	w.open()
	w.s("code", d.Code)
	w.s("severity", d.Severity)
	w.s("message", d.Message)
	w.s("pointer", d.Pointer)
	w.rng("range", d.Range)
	if len(d.Fixes) > 0 {
		w.key("fixes")
		list(w, d.Fixes, func(w *jw, f *Fix) {
			w.open()
			w.s("title", f.Title)
			w.key("edits")
			list(w, f.Edits, func(w *jw, e *Edit) {
				w.open()
				w.rng("range", e.Range)
				w.s("newText", e.NewText)
				w.i("from", e.From)
				w.i("to", e.To)
				w.close()
			})
			w.close()
		})
	}
	if len(d.Related) > 0 {
		w.key("related")
		list(w, d.Related, func(w *jw, r *Related) {
			w.open()
			w.s("message", r.Message)
			w.rng("range", r.Range)
			w.i("from", r.From)
			w.i("to", r.To)
			w.close()
		})
	}
	w.s("url", d.URL)
	w.i("from", d.From)
	w.i("to", d.To)
	w.s("topic", d.Topic)
	w.i("topicRank", d.TopicRank)
	w.close()
}

func (l *InterfaceList) appendJSON(w *jw) {
	w.open()
	w.key("entries")
	list(w, l.Entries, func(w *jw, e *card.Interface) {
		w.open()
		w.i("index", e.Index)
		w.s("url", e.URL)
		w.s("protocolBinding", e.Binding)
		w.s("protocolVersion", e.Version)
		w.so("tenant", e.Tenant)
		w.s("source", e.Source)
		w.close()
	})
	w.i("omitted", l.Omitted)
	w.close()
}

func (r *FormatResult) appendJSON(w *jw) {
	w.open()
	w.so("text", r.Text)
	w.so("error", r.Error)
	w.so("code", r.Code)
	w.so("finding", r.Finding)
	w.io("line", r.Line)
	w.io("column", r.Column)
	w.io("from", r.From)
	w.close()
}

func (r *ShareResult) appendJSON(w *jw) {
	w.open()
	w.so("fragment", r.Fragment)
	w.s("text", r.Text)
	w.to("long", r.Long)
	w.so("error", r.Error)
	w.so("code", r.Code)
	w.close()
}

func (r *LanguageResult) appendJSON(w *jw) {
	w.open()
	w.s("lang", r.Lang)
	w.io("messages", r.Messages)
	w.so("error", r.Error)
	w.close()
}

func (w *jw) field(v *FieldView) {
	f := &v.Field
	w.open()
	w.s("object", f.Object)
	w.s("name", f.Name)
	w.s("type", f.Type)
	w.to("optional", f.Optional)
	w.s("since", f.Since)
	w.so("removed", f.Removed)
	w.so("replacement", f.Replacement)
	w.so("format", f.Format)
	w.strso("values", f.Values)
	w.s("doc", f.Doc)
	w.s("spec", f.Spec)
	w.key("refs")
	list(w, f.Refs, func(w *jw, r *card.Ref) {
		w.open()
		w.s("doc", r.Doc)
		w.so("version", r.Version)
		w.so("section", r.Section)
		w.so("title", r.Title)
		w.s("url", r.URL)
		w.close()
	})
	w.strs("eras", v.Eras)
	w.t("required", v.Required)
	w.strso("requiredIn", v.RequiredIn)
	w.so("elem", v.Elem)
	w.to("list", v.List)
	w.to("map", v.Map)
	w.close()
}

func (w *jw) rule(r *RuleView) {
	w.open()
	w.s("code", r.Code)
	w.s("severity", r.Severity)
	w.s("topic", r.Topic)
	w.s("title", r.Title)
	w.s("explanation", r.Explanation)
	w.s("howToFix", r.HowToFix)
	w.s("spec", r.Spec)
	w.close()
}

// appendJSON writes the embedded selection.Result's members in its
// order, then this type's own: encoding/json's rule for an embedded
// struct whose Trace and TraceOmitted the outer type shadows.
func (r *SelectResult) appendJSON(w *jw) {
	s := &r.Result
	w.open()
	w.s("outcome", s.Outcome)
	w.i("index", s.Index)
	w.s("url", s.URL)
	w.s("protocolBinding", s.ProtocolBinding)
	w.s("protocolVersion", s.ProtocolVersion)
	w.s("tenant", s.Tenant)
	w.t("hasTenant", s.HasTenant)
	w.so("source", s.Source)
	w.io("start", s.Start)
	w.io("end", s.End)
	w.so("list", s.List)
	w.s("client", s.Client)
	w.s("message", s.Message)
	w.strso("profileNotes", s.ProfileNotes)
	w.so("sdk", s.SDK)
	w.so("speaks", s.Speaks)
	w.key("trace")
	list(w, r.Trace, func(w *jw, st *Step) {
		s := &st.Step
		w.open()
		w.i("index", s.Index)
		w.s("decision", s.Decision)
		w.s("reason", s.Reason)
		w.s("source", s.Source)
		w.so("url", s.URL)
		w.so("protocolBinding", s.ProtocolBinding)
		w.so("protocolVersion", s.ProtocolVersion)
		w.i("start", s.Start)
		w.i("end", s.End)
		w.i("from", st.From)
		w.i("to", st.To)
		w.close()
	})
	w.io("traceOmitted", r.TraceOmitted)
	w.i("from", r.From)
	w.i("to", r.To)
	w.so("error", r.Error)
	w.close()
}

func (w *jw) cell(name string, c MatrixCell) {
	w.key(name)
	w.open()
	w.s("answer", c.Answer)
	w.s("label", c.Label)
	w.s("message", c.Message)
	w.so("issue", c.Issue)
	w.close()
}

func (w *jw) matrixRow(m *MatrixRow) {
	w.open()
	w.s("sdk", m.SDK)
	w.s("name", m.Name)
	w.s("basis", m.Basis)
	w.s("basisLabel", m.BasisLabel)
	w.s("note", m.Note)
	w.so("source", m.Source)
	w.cell("loads", m.Loads)
	w.cell("selects", m.Selects)
	w.cell("verifies", m.Verifies)
	w.close()
}

func (r *FixAllResult) appendJSON(w *jw) {
	w.open()
	w.s("text", r.Text)
	w.t("changed", r.Changed)
	w.key("applied")
	list(w, r.Applied, func(w *jw, a *AppliedFix) {
		w.open()
		w.s("code", a.Code)
		w.s("title", a.Title)
		w.close()
	})
	w.s("summary", r.Summary)
	w.i("remaining", r.Remaining)
	w.t("stable", r.Stable)
	w.to("refused", r.Refused)
	w.so("error", r.Error)
	w.so("code", r.Code)
	w.close()
}

func (r *MigrateResult) appendJSON(w *jw) {
	w.open()
	w.so("text", r.Text)
	w.so("from", r.From)
	w.so("to", r.To)
	w.strs("changes", r.Changes)
	w.strs("notes", r.Notes)
	w.strso("dropped", r.Dropped)
	w.so("error", r.Error)
	w.so("code", r.Code)
	w.close()
}

func (w *jw) sdkRow(r *SDKRow) {
	w.open()
	w.s("sdk", r.SDK)
	w.s("name", r.Name)
	w.s("profile", r.Profile)
	w.s("outcome", r.Outcome)
	w.i("index", r.Index)
	w.so("url", r.URL)
	w.so("protocolBinding", r.Binding)
	w.so("protocolVersion", r.Version)
	w.so("speaks", r.Speaks)
	w.i("specIndex", r.SpecIndex)
	w.s("specOutcome", r.SpecOutcome)
	w.t("differs", r.Differs)
	w.so("reason", r.Reason)
	w.s("message", r.Message)
	w.i("from", r.From)
	w.i("to", r.To)
	w.close()
}

// The JSON of each answer, as main_js.go hands it to JSON.parse.

func (r LintResult) JSON() []byte    { w := &jw{}; r.appendJSON(w); return w.b }
func (r FormatResult) JSON() []byte  { w := &jw{}; r.appendJSON(w); return w.b }
func (r ShareResult) JSON() []byte   { w := &jw{}; r.appendJSON(w); return w.b }
func (r SelectResult) JSON() []byte  { w := &jw{}; r.appendJSON(w); return w.b }
func (r FixAllResult) JSON() []byte  { w := &jw{}; r.appendJSON(w); return w.b }
func (r MigrateResult) JSON() []byte { w := &jw{}; r.appendJSON(w); return w.b }
func (l InterfaceList) JSON() []byte { w := &jw{}; l.appendJSON(w); return w.b }
func (r LanguageResult) JSON() []byte {
	w := &jw{}
	r.appendJSON(w)
	return w.b
}

func encodeFields(v []FieldView) []byte { w := &jw{}; list(w, v, (*jw).field); return w.b }
func encodeRules(v []RuleView) []byte   { w := &jw{}; list(w, v, (*jw).rule); return w.b }
func encodeMatrix(v []MatrixRow) []byte { w := &jw{}; list(w, v, (*jw).matrixRow); return w.b }
func encodeSDKs(v []SDKRow) []byte      { w := &jw{}; list(w, v, (*jw).sdkRow); return w.b }
