// Package sdk answers, for one card and each official A2A SDK at the
// release its model follows, the questions a card author has about real
// clients: does the SDK's card reader accept the card, what does it read
// from it (interfaces, card-level security requirements, the extended-card
// flag), which entry does its client select, and does its verifier accept
// the card's signatures. Together the answers are the compatibility matrix
// the CLI (`select --sdk`), the report page and the playground show.
//
// Where the answers come from (Row.Basis):
//
//   - a2a-go when the caller passes Options.Go (the CLI, through its
//     companion agentcard-a2a): the library itself (linked at
//     card.A2AGoVersion through go.mod, run by core/sdk/gorun): its
//     default card parser and its client factory run on the card;
//     nothing is sent (gorun.go reads what it did);
//   - a2a-go otherwise (the Worker, the playground, a CLI without its
//     companion), and a2a-js everywhere: the models of
//     core/selection (ReadCard, SelectSDK), held to the real libraries by
//     the differential tests of this package over a generated sweep of
//     cards (a2a-go linked into the test, @a2a-js/sdk from npm run by
//     Node);
//   - a2a-python: the same kind of model, read from the sources of
//     card.A2APythonVersion (client/card_resolver.py, client_factory.py,
//     utils/signing.py) but never run against the SDK, which cannot be
//     installed here: every row and document says so. Only its card
//     reader's last step, protobuf's ParseDict, is run for real, by
//     TestPythonAgreesWithModel (Debian's python3-protobuf 3.21.12, where
//     a2a-python asks for 5.29.5 to 6.x; see core/selection's reader).
//
// Signature verdicts need keys: the caller verifies with core/signature
// and passes what it found through the verifiers package; without, only
// the protected header's shape is judged.
package sdk

import (
	"context"
	"errors"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/selection"
)

// Basis says how a row's answers were obtained.
type Basis string

const (
	// RunningSDK: the library itself ran on the card (a2a-go, natively).
	RunningSDK Basis = "running-sdk"
	// Model: our model of the library, held to it by differential tests.
	Model Basis = "model"
	// Unverified: our model, read from the library's sources and never
	// run against it (a2a-python).
	Unverified Basis = "model-unverified"
)

// Answer is one cell of the matrix.
type Answer string

const (
	Yes Answer = "yes"
	No  Answer = "no"
	// Error: the library stops with an error while choosing (a TypeError).
	Error Answer = "error"
	// NotReached: an earlier step (the card reader) stopped the library.
	NotReached Answer = "not-reached"
	// NotApplicable: nothing to answer (no signatures; no verifier).
	NotApplicable Answer = "n/a"
	// Unchecked: the answer needs the publisher's key.
	Unchecked Answer = "unchecked"
)

// Cell is one answer with its explanation.
type Cell struct {
	Answer  Answer    `json:"answer"`
	Message string    `json:"message"`
	Text    i18n.Text `json:"-"`
	// Index is the selected entry (Selects only; -1 otherwise).
	Index int `json:"index"`
	// Pointer locates what a reader refused (Loads only).
	Pointer string `json:"pointer,omitempty"`
	// Issue is the upstream issue about a refusal, when known.
	Issue string `json:"issue,omitempty"`
}

// Reads is what a library read from a card it accepted.
type Reads struct {
	Interfaces           int                   `json:"interfaces"`
	SecurityRequirements []map[string][]string `json:"securityRequirements"`
	ExtendedCard         bool                  `json:"extendedCard"`
}

// Row is one SDK's line of the matrix.
type Row struct {
	SDK     selection.SDK `json:"sdk"`
	Name    string        `json:"name"`
	Release string        `json:"release"`
	Basis   Basis         `json:"basis"`
	// Note says how far the row can be trusted ("not verified against the
	// running SDK" for a2a-python).
	Note     string    `json:"note,omitempty"`
	NoteText i18n.Text `json:"-"`
	Loads    Cell      `json:"loads"`
	Reads    *Reads    `json:"reads,omitempty"`
	Selects  Cell      `json:"selects"`
	Verifies Cell      `json:"verifies"`
	// Sources are the files of the library the row's model follows.
	Sources []card.Ref `json:"sources"`
}

// Localize renders the row's words in cat's language.
func (r *Row) Localize(cat *i18n.Catalogue) {
	if r == nil || cat == nil {
		return
	}
	for _, c := range []*Cell{&r.Loads, &r.Selects, &r.Verifies} {
		if !c.Text.IsZero() {
			c.Message = cat.Render(c.Text)
		}
	}
	if !r.NoteText.IsZero() {
		r.Note = cat.Render(r.NoteText)
	}
}

// Sources lists the files of sdk's sources its models follow, at the
// pinned release.
func Sources(s selection.SDK) []card.Ref {
	var ref func(string) card.Ref
	var files []string
	switch s {
	case selection.SDKGo:
		ref, files = card.GoSDKRef, []string{"a2aclient/agentcard/resolver.go", "a2a/auth.go", "a2aclient/factory.go"}
	case selection.SDKPython:
		ref, files = card.PythonSDKRef, []string{"src/a2a/client/card_resolver.py", "src/a2a/client/client_factory.py", "src/a2a/utils/signing.py"}
	case selection.SDKJS:
		ref, files = card.JSSDKRef, []string{"src/client/card-resolver.ts", "src/client/factory.ts", "src/signature.ts"}
	default:
		return nil
	}
	out := make([]card.Ref, len(files))
	for i, f := range files {
		out[i] = ref(f)
	}
	return out
}

// Options tune Check.
type Options struct {
	// Signatures is what verifying the card's signatures with keys found
	// (the verifiers package builds it from a core/signature report);
	// nil when no key was at hand: then only the headers are judged.
	Signatures []SignatureFacts
	// Model makes every row come from the models, the a2a-go row too
	// (for tests that compare them with the running library).
	Model bool
	// Go runs a2a-go itself for its row; nil: the model answers.
	Go GoRunner
}

// Comparison is what a front end shows of the official SDKs for one
// card: the entry each SDK's client takes beside the specification's
// (selection.CompareDoc), and the compatibility matrix (Check).
type Comparison struct {
	Choices []selection.SDKChoice
	Matrix  []Row
}

// Compare is the comparison of an already parsed card, and the one call
// a front end makes for it: core/check.Run makes it for a card it
// checked (Options.Compare), the editor for the document it linted (it
// links no network, so it cannot link core/check). It does no I/O but
// what opts.Go runs.
func Compare(doc *jsonpos.Doc, opts Options) Comparison {
	return Comparison{Choices: selection.CompareDoc(doc), Matrix: Check(doc, opts)}
}

// Check answers the matrix for a parsed card, one row per SDK in the
// order of selection.SDKs.
func Check(doc *jsonpos.Doc, opts Options) []Row {
	var rows []Row
	for _, s := range selection.SDKs() {
		rows = append(rows, check(doc, s, opts))
	}
	return rows
}

func check(doc *jsonpos.Doc, s selection.SDK, opts Options) Row {
	row := Row{SDK: s, Name: string(s), Release: s.Release(), Basis: Model, Sources: Sources(s), NoteText: i18n.T("msg.sdk.matrix.model", s.Name())}
	if s == selection.SDKPython {
		row.Basis = Unverified
		row.NoteText = i18n.T("msg.sdk.matrix.unverified", s.Name())
	}
	var sel selection.Result
	var reading selection.CardReading
	ran := false
	if s == selection.SDKGo && !opts.Model && opts.Go != nil && doc != nil {
		f, err := opts.Go(context.Background(), doc.Src)
		var why i18n.AsText
		switch {
		case err == nil:
			r := goRunOf(doc, f)
			row.Basis, row.NoteText = RunningSDK, i18n.T("msg.sdk.matrix.running", s.Name())
			reading, sel, ran = r.reading, r.result, true
		case errors.As(err, &why):
			// the model answers, and the note says why the library did not
			row.NoteText = i18n.T("msg.sdk.matrix.model-not-run", s.Name(), why.AsText())
		default:
			row.NoteText = i18n.T("msg.sdk.matrix.model-not-run", s.Name(), err.Error())
		}
	}
	if !ran {
		sel = selection.SelectSDK(doc, s, selection.SDKOptions{})
		if sel.Outcome == selection.InvalidCard {
			reading = selection.CardReading{Refusal: &selection.Refusal{SDK: s, Kind: selection.RefuseType, Text: sel.MessageText}}
		} else if doc != nil {
			reading = selection.ReadCard(doc.Root, s)
		}
	}
	row.Loads = loads(s, reading)
	if reading.Refusal == nil {
		row.Reads = &Reads{Interfaces: reading.Interfaces, SecurityRequirements: reading.SecurityRequirements, ExtendedCard: reading.ExtendedCard}
	}
	row.Selects = selects(s, reading, sel)
	row.Verifies = verifies(doc, s, opts.Signatures)
	row.Localize(i18n.EnglishCatalogue())
	return row
}

// cell is an answer with its sentence, about no entry.
func cell(a Answer, t i18n.Text) Cell { return Cell{Answer: a, Index: -1, Text: t} }

func loads(s selection.SDK, r selection.CardReading) Cell {
	if f := r.Refusal; f != nil {
		c := cell(No, i18n.T("msg.sdk.matrix.loads.no", s.Name(), f.Text))
		c.Issue = f.Issue
		if f.Node != nil {
			c.Pointer = f.Node.BoundedPointer()
		}
		return c
	}
	if r.ScopesLost != nil {
		return cell(Yes, i18n.T("msg.sdk.matrix.loads.scopes-lost", s.Name(), r.Interfaces, r.ScopesLost.BoundedPointer()))
	}
	return cell(Yes, i18n.T("msg.sdk.matrix.loads.yes", s.Name(), r.Interfaces))
}

func selects(s selection.SDK, r selection.CardReading, sel selection.Result) Cell {
	switch {
	case r.Refusal != nil:
		return cell(NotReached, i18n.T("msg.sdk.matrix.selects.not-reached", s.Name()))
	case sel.Outcome == selection.Selected:
		c := cell(Yes, sel.MessageText)
		c.Index = sel.Index
		return c
	case sel.Outcome == selection.SDKError:
		return cell(Error, sel.MessageText)
	}
	return cell(No, sel.MessageText)
}
