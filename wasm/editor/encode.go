package main

// The answers' JSON, written by hand. Every answer crosses to JavaScript
// as one JSON string (main_js.go), and encoding/json did that by
// reflection: 230 KB of code in the wasm (about 50 KB of its brotli), and
// on the first lint 57 ms building its encoders, then a reflective walk
// on every keystroke. These appenders write the same bytes encoding/json
// writes with HTML escaping off (member order, omitempty, null for a nil
// slice): encode_test.go compares them on every testdata card and every
// rule example. HTML escaping (\u003c for <) changes nothing JSON.parse
// reads; the page never puts this text into HTML as is. The writer
// (jsonpos.Writer) is shared with lint.Result's own JSON.

import (
	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// jw is a JSON text being written: jsonpos.Writer (HTML escaping off),
// with the editor's own appenders as methods.
type jw struct{ jsonpos.Writer }

// list writes a slice: null when nil, as encoding/json does.
func list[T any](w *jw, v []T, elem func(*jw, *T)) {
	if v == nil {
		w.Null()
		return
	}
	w.OpenList()
	for i := range v {
		elem(w, &v[i])
	}
	w.CloseList()
}

// errorJSON is {"error": msg}, the answer of a call that failed.
func errorJSON(msg string) []byte {
	w := &jw{}
	w.Open()
	w.S("error", msg)
	w.Close()
	return w.B
}

func (r *LintResult) appendJSON(w *jw) {
	w.Open()
	w.S("input", r.Input)
	w.S("era", r.Era)
	w.I("errors", r.Errors)
	w.I("warnings", r.Warnings)
	w.I("infos", r.Infos)
	w.Key("diagnostics")
	list(w, r.Diagnostics, (*jw).diagnostic)
	w.Key("interfaces")
	r.Interfaces.appendJSON(w)
	w.S("profile", r.Profile)
	w.I("signatures", r.Signatures)
	w.Close()
}

func (w *jw) diagnostic(d *Diagnostic) {
	w.Open()
	w.S("code", d.Code)
	w.S("severity", d.Severity)
	w.S("message", d.Message)
	w.S("pointer", d.Pointer)
	w.Range("range", d.Range)
	if len(d.Fixes) > 0 {
		w.Key("fixes")
		list(w, d.Fixes, func(w *jw, f *Fix) {
			w.Open()
			w.S("title", f.Title)
			w.Key("edits")
			list(w, f.Edits, func(w *jw, e *Edit) {
				w.Open()
				w.Range("range", e.Range)
				w.S("newText", e.NewText)
				w.I("from", e.From)
				w.I("to", e.To)
				w.Close()
			})
			w.TO("unsafe", f.Unsafe)
			w.Close()
		})
	}
	if len(d.Related) > 0 {
		w.Key("related")
		list(w, d.Related, func(w *jw, r *Related) {
			w.Open()
			w.S("message", r.Message)
			w.Range("range", r.Range)
			w.I("from", r.From)
			w.I("to", r.To)
			w.Close()
		})
	}
	w.S("url", d.URL)
	w.I("from", d.From)
	w.I("to", d.To)
	w.S("topic", d.Topic)
	w.I("topicRank", d.TopicRank)
	w.Close()
}

func (l *InterfaceList) appendJSON(w *jw) {
	w.Open()
	w.Key("entries")
	list(w, l.Entries, func(w *jw, e *card.Interface) {
		w.Open()
		w.I("index", e.Index)
		w.S("url", e.URL)
		w.S("protocolBinding", e.Binding)
		w.S("protocolVersion", e.Version)
		w.SO("tenant", e.Tenant)
		w.S("source", e.Source)
		w.Close()
	})
	w.I("omitted", l.Omitted)
	w.Close()
}

func (r *FormatResult) appendJSON(w *jw) {
	w.Open()
	w.SO("text", r.Text)
	w.SO("error", r.Error)
	w.SO("code", r.Code)
	w.SO("finding", r.Finding)
	w.IO("line", r.Line)
	w.IO("column", r.Column)
	w.IO("from", r.From)
	w.Close()
}

func (r *ShareResult) appendJSON(w *jw) {
	w.Open()
	w.SO("fragment", r.Fragment)
	w.S("text", r.Text)
	w.TO("long", r.Long)
	w.SO("error", r.Error)
	w.SO("code", r.Code)
	w.Close()
}

func (r *LanguageResult) appendJSON(w *jw) {
	w.Open()
	w.S("lang", r.Lang)
	w.IO("messages", r.Messages)
	w.SO("error", r.Error)
	w.Close()
}

func (w *jw) field(v *FieldView) {
	f := &v.Field
	w.Open()
	w.S("object", f.Object)
	w.S("name", f.Name)
	w.S("type", f.Type)
	w.TO("optional", f.Optional)
	w.S("since", f.Since)
	w.SO("removed", f.Removed)
	w.SO("replacement", f.Replacement)
	w.SO("format", f.Format)
	w.StrsO("values", f.Values)
	w.S("doc", f.Doc)
	w.S("spec", f.Spec)
	w.Key("refs")
	list(w, f.Refs, func(w *jw, r *card.Ref) {
		w.Open()
		w.S("doc", r.Doc)
		w.SO("version", r.Version)
		w.SO("section", r.Section)
		w.SO("title", r.Title)
		w.S("url", r.URL)
		w.Close()
	})
	w.Strs("eras", v.Eras)
	w.T("required", v.Required)
	w.StrsO("requiredIn", v.RequiredIn)
	w.SO("elem", v.Elem)
	w.TO("list", v.List)
	w.TO("map", v.Map)
	w.Close()
}

func (w *jw) rule(r *RuleView) {
	w.Open()
	w.S("code", r.Code)
	w.S("severity", r.Severity)
	w.S("topic", r.Topic)
	w.S("title", r.Title)
	w.S("explanation", r.Explanation)
	w.S("howToFix", r.HowToFix)
	w.S("spec", r.Spec)
	w.Close()
}

// appendJSON writes the embedded selection.Result's members in its
// order, then this type's own: encoding/json's rule for an embedded
// struct whose Trace and TraceOmitted the outer type shadows.
func (r *SelectResult) appendJSON(w *jw) {
	s := &r.Result
	w.Open()
	w.S("outcome", s.Outcome)
	w.I("index", s.Index)
	w.S("url", s.URL)
	w.S("protocolBinding", s.ProtocolBinding)
	w.S("protocolVersion", s.ProtocolVersion)
	w.S("tenant", s.Tenant)
	w.T("hasTenant", s.HasTenant)
	w.SO("source", s.Source)
	w.IO("start", s.Start)
	w.IO("end", s.End)
	w.SO("list", s.List)
	w.S("client", s.Client)
	w.S("message", s.Message)
	w.StrsO("profileNotes", s.ProfileNotes)
	w.SO("sdk", s.SDK)
	w.SO("speaks", s.Speaks)
	w.Key("trace")
	list(w, r.Trace, func(w *jw, st *Step) {
		s := &st.Step
		w.Open()
		w.I("index", s.Index)
		w.S("decision", s.Decision)
		w.S("reason", s.Reason)
		w.S("source", s.Source)
		w.SO("url", s.URL)
		w.SO("protocolBinding", s.ProtocolBinding)
		w.SO("protocolVersion", s.ProtocolVersion)
		w.I("start", s.Start)
		w.I("end", s.End)
		w.I("from", st.From)
		w.I("to", st.To)
		w.Close()
	})
	w.IO("traceOmitted", r.TraceOmitted)
	w.I("from", r.From)
	w.I("to", r.To)
	w.SO("error", r.Error)
	w.Close()
}

func (w *jw) cell(name string, c MatrixCell) {
	w.Key(name)
	w.Open()
	w.S("answer", c.Answer)
	w.S("label", c.Label)
	w.S("message", c.Message)
	w.SO("issue", c.Issue)
	w.Close()
}

func (w *jw) matrixRow(m *MatrixRow) {
	w.Open()
	w.S("sdk", m.SDK)
	w.S("name", m.Name)
	w.S("basis", m.Basis)
	w.S("basisLabel", m.BasisLabel)
	w.S("note", m.Note)
	w.SO("source", m.Source)
	w.cell("loads", m.Loads)
	w.cell("selects", m.Selects)
	w.cell("verifies", m.Verifies)
	w.Close()
}

func (r *FixAllResult) appendJSON(w *jw) {
	w.Open()
	w.S("text", r.Text)
	w.T("changed", r.Changed)
	w.Key("applied")
	list(w, r.Applied, func(w *jw, a *AppliedFix) {
		w.Open()
		w.S("code", a.Code)
		w.S("title", a.Title)
		w.Close()
	})
	w.S("summary", r.Summary)
	w.I("remaining", r.Remaining)
	w.T("stable", r.Stable)
	w.I("unsafeLeft", r.UnsafeLeft)
	w.TO("refused", r.Refused)
	w.SO("error", r.Error)
	w.SO("code", r.Code)
	w.Close()
}

func (r *MigrateResult) appendJSON(w *jw) {
	w.Open()
	w.SO("text", r.Text)
	w.SO("from", r.From)
	w.SO("to", r.To)
	w.Strs("changes", r.Changes)
	w.Strs("notes", r.Notes)
	w.StrsO("dropped", r.Dropped)
	w.SO("error", r.Error)
	w.SO("code", r.Code)
	w.Close()
}

func (w *jw) sdkRow(r *SDKRow) {
	w.Open()
	w.S("sdk", r.SDK)
	w.S("name", r.Name)
	w.S("profile", r.Profile)
	w.S("outcome", r.Outcome)
	w.I("index", r.Index)
	w.SO("url", r.URL)
	w.SO("protocolBinding", r.Binding)
	w.SO("protocolVersion", r.Version)
	w.SO("speaks", r.Speaks)
	w.I("specIndex", r.SpecIndex)
	w.S("specOutcome", r.SpecOutcome)
	w.T("differs", r.Differs)
	w.SO("reason", r.Reason)
	w.S("message", r.Message)
	w.I("from", r.From)
	w.I("to", r.To)
	w.Close()
}

// The JSON of each answer, as main_js.go hands it to JSON.parse.

func (r LintResult) JSON() []byte    { w := &jw{}; r.appendJSON(w); return w.B }
func (r FormatResult) JSON() []byte  { w := &jw{}; r.appendJSON(w); return w.B }
func (r ShareResult) JSON() []byte   { w := &jw{}; r.appendJSON(w); return w.B }
func (r SelectResult) JSON() []byte  { w := &jw{}; r.appendJSON(w); return w.B }
func (r FixAllResult) JSON() []byte  { w := &jw{}; r.appendJSON(w); return w.B }
func (r MigrateResult) JSON() []byte { w := &jw{}; r.appendJSON(w); return w.B }
func (l InterfaceList) JSON() []byte { w := &jw{}; l.appendJSON(w); return w.B }
func (r LanguageResult) JSON() []byte {
	w := &jw{}
	r.appendJSON(w)
	return w.B
}

func encodeFields(v []FieldView) []byte { w := &jw{}; list(w, v, (*jw).field); return w.B }
func encodeRules(v []RuleView) []byte   { w := &jw{}; list(w, v, (*jw).rule); return w.B }
func encodeMatrix(v []MatrixRow) []byte { w := &jw{}; list(w, v, (*jw).matrixRow); return w.B }
func encodeSDKs(v []SDKRow) []byte      { w := &jw{}; list(w, v, (*jw).sdkRow); return w.B }
