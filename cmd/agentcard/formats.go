package main

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/core/lint"
)

// openGitHub starts --format github: one GitHub Actions workflow command per finding, which
// the runner turns into an annotation on the file and line of a pull
// request (error, warning, notice for infos):
//
//	::error file=card.json,line=2,col=3,endLine=2,endColumn=50,title=json-comment::message
//
// Columns are characters unless --columns says otherwise. A finding about
// how a card was served (HTTP) annotates the file without a line; a remote
// INPUT has no file in the repository, so its findings name the URL in the
// message.
func openGitHub(e *env, w io.Writer, _ lintFlags) formatWriter { return &githubWriter{e: e, w: w} }

type githubWriter struct {
	e *env
	w io.Writer
	tally
}

func (g *githubWriter) write(r lintRun) error {
	var b strings.Builder
	res := r.res
	g.count(res)
	cols := columnsOf(r)
	for _, d := range res.Diagnostics {
		var props []string
		msg := line(d.Message)
		switch {
		case r.src.kind == srcRemote: // a URL or domain
			msg = line(r.in.name) + ": " + msg
		case r.src.path != "":
			props = append(props, "file="+ghProperty(ghPath(r.src.path)))
		}
		if !check.Placeless(d) {
			s, end := d.Range.Start, d.Range.End
			props = append(props, fmt.Sprintf("line=%d", s.Line))
			if end.Line > s.Line {
				props = append(props, fmt.Sprintf("endLine=%d", end.Line))
			} else {
				// columns only within one line, as GitHub reads them
				props = append(props, fmt.Sprintf("col=%d", cols.Column(s)))
				if end.Offset > s.Offset {
					props = append(props, fmt.Sprintf("endColumn=%d", cols.Column(end)))
				}
			}
		}
		props = append(props, "title="+ghProperty(d.Code))
		if d.URL != "" {
			msg += "\n" + d.URL
		}
		fmt.Fprintf(&b, "::%s %s::%s\n", ghLevel(d.Severity), strings.Join(props, ","), ghData(msg))
	}
	_, err := io.WriteString(g.w, b.String())
	return err
}

func (g *githubWriter) close() error {
	if g.inputs == 0 {
		return nil
	}
	_, err := fmt.Fprintf(g.w, "%s\n", g.e.summary(g.inputs, g.errs, g.warns, g.infos))
	return err
}

// ghPath is a file as GitHub matches annotations to a pull request's
// files: relative to the repository (GITHUB_WORKSPACE, when the path is
// absolute and inside it), with forward slashes and without "./".
func ghPath(name string) string {
	p := filepath.Clean(name)
	if ws := os.Getenv("GITHUB_WORKSPACE"); ws != "" && filepath.IsAbs(p) {
		if rel, err := filepath.Rel(ws, p); err == nil && !strings.HasPrefix(rel, "..") {
			p = rel
		}
	}
	return filepath.ToSlash(p)
}

func ghLevel(s lint.Severity) string {
	switch s {
	case lint.Error:
		return "error"
	case lint.Warning:
		return "warning"
	}
	return "notice"
}

// ghData escapes a workflow command's message as the runner unescapes it
// (% first, then the line breaks).
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProperty escapes a property value: like the message, plus ':' and
// ',' which would end the value.
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(line(s))
}

// --format junit: JUnit XML as CI servers read test reports, valid
// against the strict Apache Ant JUnit schema (testdata/junit). Each INPUT
// is a testsuite and each error or warning a failing testcase named after
// its rule code and place (type = the severity), so a report fails on
// exactly the findings a reviewer should look at; infos are listed in the
// suite's system-out (the schema gives a passing testcase no output of its
// own), and an INPUT without errors or warnings is one passing testcase,
// so that it is seen to have been checked. The suite carries when and
// where it ran (timestamp, hostname) and its time, as the schema requires.
type junitSuites struct {
	XMLName xml.Name     `xml:"testsuites"`
	Suites  []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string          `xml:"name,attr"`
	Package    string          `xml:"package,attr"`
	ID         int             `xml:"id,attr"`
	Timestamp  string          `xml:"timestamp,attr"`
	Hostname   string          `xml:"hostname,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Errors     int             `xml:"errors,attr"`
	Time       string          `xml:"time,attr"`
	Properties []junitProperty `xml:"properties>property"`
	Cases      []junitCase     `xml:"testcase"`
	SystemOut  string          `xml:"system-out"`
	SystemErr  string          `xml:"system-err"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *junitFailure `xml:"failure,omitempty"`
}

type junitFailure struct {
	Type    string `xml:"type,attr"`
	Message string `xml:"message,attr"`
	Text    string `xml:",chardata"`
}

// clock and hostname are the run's time and machine, as JUnit records
// them; tests replace them so that reports are reproducible.
var (
	clock    = time.Now
	hostname = os.Hostname
)

// openJUnit starts --format junit: the document MarshalIndent writes for
// all the suites, written one suite at a time. The suites carry the
// time and machine the run started on.
func openJUnit(e *env, w io.Writer, _ lintFlags) formatWriter {
	host, err := hostname()
	if err != nil || strings.TrimSpace(host) == "" {
		host = "localhost" // what the schema asks for when it is unknown
	}
	// the schema's timestamp has no time zone: UTC, said so nowhere else
	stamp := clock().UTC().Format("2006-01-02T15:04:05")
	return &junitWriter{e: e, w: w, host: host, stamp: stamp}
}

type junitWriter struct {
	e           *env
	w           io.Writer
	host, stamp string
	suites      int
	buf         bytes.Buffer
}

func (j *junitWriter) write(r lintRun) error {
	suite := j.suite(r)
	j.buf.Reset()
	if j.suites == 0 {
		j.buf.WriteString(xml.Header + "<testsuites>")
	}
	j.suites++
	j.buf.WriteByte('\n')
	// a suite as it stands inside <testsuites>, one level in
	enc := xml.NewEncoder(&j.buf)
	enc.Indent("  ", "  ")
	if err := enc.EncodeElement(suite, xml.StartElement{Name: xml.Name{Local: "testsuite"}}); err != nil {
		return err
	}
	if err := enc.Close(); err != nil {
		return err
	}
	_, err := j.w.Write(j.buf.Bytes())
	return err
}

func (j *junitWriter) close() error {
	if j.suites == 0 {
		_, err := io.WriteString(j.w, xml.Header+"<testsuites></testsuites>\n")
		return err
	}
	_, err := io.WriteString(j.w, "\n</testsuites>\n")
	return err
}

// suite is one INPUT as a testsuite.
func (j *junitWriter) suite(r lintRun) junitSuite {
	e := j.e
	name := line(r.in.name)
	if name == "" {
		name = "-"
	}
	suite := junitSuite{Name: name, Package: name, ID: j.suites, Timestamp: j.stamp, Hostname: j.host, Time: seconds(r.elapsed),
		Properties: []junitProperty{{Name: "era", Value: string(r.res.Era)}}}
	cols := columnsOf(r)
	var infos []string
	for _, d := range r.res.Diagnostics {
		where := place(r.in.name, cols, d)
		detail := fmt.Sprintf("%s: %s %s %s", where, e.severity(d.Severity), d.Code, line(d.Message))
		for _, f := range d.Fixes {
			label := e.fixLabel(f)
			detail += "\n" + label + labelGap(label) + line(f.Title)
		}
		if d.URL != "" {
			detail += "\n" + d.URL
		}
		if d.Severity == lint.Info {
			infos = append(infos, detail)
			continue
		}
		suite.Cases = append(suite.Cases, junitCase{Classname: name, Name: d.Code + " " + where, Time: "0",
			Failure: &junitFailure{Type: d.Severity.String(), Message: line(d.Message), Text: detail}})
		suite.Failures++
	}
	if len(suite.Cases) == 0 {
		suite.Cases = append(suite.Cases, junitCase{Classname: name, Name: e.s("cli.lint.no-problems"), Time: seconds(r.elapsed)})
	}
	suite.SystemOut = strings.Join(infos, "\n\n")
	suite.Tests = len(suite.Cases)
	return suite
}

// seconds is a duration as JUnit's time attribute (an xs:decimal).
func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', 3, 64)
}

// --format markdown: a table for a pull request comment, one row per
// finding (severity, place, rule linked to its page, message), and the
// summary line under it. Text from the card is escaped so that it cannot
// add markup, links or table cells to the comment.
func openMarkdown(e *env, w io.Writer, _ lintFlags) formatWriter { return &markdownWriter{e: e, w: w} }

// markdownWriter writes the heading, then the table's header before its
// first row, then the rows as they come.
type markdownWriter struct {
	e    *env
	w    io.Writer
	rows int
	tally
}

func (m *markdownWriter) write(r lintRun) error {
	e := m.e
	var b strings.Builder
	if m.inputs == 0 {
		b.WriteString("### agentcard\n\n")
	}
	m.count(r.res)
	cols := columnsOf(r)
	for _, d := range r.res.Diagnostics {
		if m.rows == 0 {
			fmt.Fprintf(&b, "| %s | %s | %s | %s |\n|---|---|---|---|\n", e.s("cli.md.severity"), e.s("cli.md.place"), e.s("cli.md.rule"), e.s("cli.md.message"))
		}
		m.rows++
		rule := mdText(d.Code)
		if d.URL != "" {
			rule = "[" + rule + "](" + d.URL + ")"
		}
		msg := mdText(line(d.Message))
		for _, f := range d.Fixes {
			label := e.fixLabel(f)
			msg += "<br>" + mdText(label+labelGap(label)+line(f.Title))
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", e.severity(d.Severity), mdText(place(r.in.name, cols, d)), rule, msg)
	}
	_, err := io.WriteString(m.w, b.String())
	return err
}

func (m *markdownWriter) close() error {
	e := m.e
	var b strings.Builder
	if m.inputs == 0 {
		b.WriteString("### agentcard\n\n")
	}
	if m.rows > 0 {
		b.WriteString("\n")
	} else {
		fmt.Fprintf(&b, "%s\n\n", e.s("cli.lint.no-problems"))
	}
	fmt.Fprintf(&b, "%s\n", e.summary(m.inputs, m.errs, m.warns, m.infos))
	_, err := io.WriteString(m.w, b.String())
	return err
}

// mdText escapes text for a GitHub-flavoured Markdown table cell: ASCII
// punctuation that starts markup is backslash-escaped ('|' too, which
// would start a new cell), '&' becomes an entity and '@' cannot mention
// anyone.
func mdText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '\\', '`', '*', '_', '[', ']', '<', '>', '|', '~', '#', '!':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '&':
			b.WriteString("&amp;")
		case '@':
			b.WriteString("&#64;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
