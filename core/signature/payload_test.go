package signature

import (
	"os"
	"os/exec"
	"testing"

	"github.com/agentcard/agentcard/internal/toolchain"
)

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestPresence checks §8.4.1 on a card that has every kind of member:
// optional ones set to defaults stay, plain defaults go, message members
// and Struct contents stay, unknown members stay, list elements stay;
// and the SDKs' stripped form on the same card.
func TestPresence(t *testing.T) {
	card := readFile(t, "testdata/presence.card.json")
	for _, c := range []struct {
		v    Variant
		file string
	}{{Spec, "testdata/presence.spec.txt"}, {Stripped, "testdata/presence.stripped.txt"}} {
		got, err := Payload(card, c.v)
		if err != nil {
			t.Fatal(err)
		}
		if want := readFile(t, c.file); string(got) != string(want) {
			t.Errorf("%s:\n got %s\nwant %s", c.v, got, want)
		}
	}
	asWritten, _ := Payload(card, AsWritten)
	spec, _ := Canonical(card)
	if string(asWritten) == string(spec) {
		t.Error("the as-written payload should keep the defaults the specification drops")
	}
}

// TestPythonForm compares our reproduction of the Python SDK's canonical
// form with the bytes Python itself wrote (testdata/python/canonical.txt,
// from canonical.py); when python3 is installed the file is regenerated
// and compared too, so the fixture cannot drift from what Python does.
func TestPythonForm(t *testing.T) {
	card := readFile(t, "testdata/python/card.json")
	want := readFile(t, "testdata/python/canonical.txt")
	got, err := Payload(card, Python)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("python form:\n got %s\nwant %s", got, want)
	}
	if spec, _ := Canonical(card); string(spec) == string(want) {
		t.Error("the card should canonicalize differently under the specification")
	}
	py, ok := toolchain.Lookup(t, "python3", "Debian: apt-get install python3; without it, compared with the committed output only")
	if !ok {
		return
	}
	out, err := exec.Command(py, "testdata/python/canonical.py", "testdata/python/card.json").Output()
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != string(want) {
		t.Errorf("canonical.txt is stale; python3 writes\n%s", out)
	}
}

func TestPyFloat(t *testing.T) {
	for _, c := range []struct {
		f    float64
		want string
	}{
		{1, "1.0"}, {0.1, "0.1"}, {-2.5, "-2.5"}, {1e16, "1e+16"}, {1e15, "1000000000000000.0"},
		{1e-4, "0.0001"}, {1e-5, "1e-05"}, {1.5e300, "1.5e+300"}, {123456789.123, "123456789.123"},
		{1234567890123456789, "1.2345678901234568e+18"}, {5e-324, "5e-324"}, {0, "0.0"},
	} {
		if got := pyFloat(c.f); got != c.want {
			t.Errorf("pyFloat(%v) = %s, want %s", c.f, got, c.want)
		}
	}
}
