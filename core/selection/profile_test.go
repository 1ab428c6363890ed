package selection

import (
	"strings"
	"testing"
)

func TestParseProfile(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string // normalized String(); "" when an error is expected
		err  string // substring of the error
	}{
		{name: "single", in: "JSONRPC@1.0", want: "JSONRPC@1.0"},
		{name: "design example", in: "JSONRPC@1.0,HTTP+JSON@1.0|0.3", want: "JSONRPC@1.0,HTTP+JSON@1.0|0.3"},
		{name: "spaces", in: " JSONRPC @ 1.0 , GRPC@ 1.0 | 0.3 ", want: "JSONRPC@1.0,GRPC@1.0|0.3"},
		{name: "patch dropped", in: "GRPC@1.0.2", want: "GRPC@1.0"},
		{name: "major only", in: "GRPC@1", want: "GRPC@1.0"},
		{name: "v prefix", in: "GRPC@v0.3", want: "GRPC@0.3"},
		{name: "repeated version merged", in: "GRPC@1.0|1.0.1", want: "GRPC@1.0"},
		{name: "custom binding URI", in: "https://example.com/bindings/ws@1.0", want: "https://example.com/bindings/ws@1.0"},
		{name: "empty", in: "  ", err: "empty"},
		{name: "no version", in: "JSONRPC", err: "has no version"},
		{name: "no binding", in: "@1.0", err: "has no binding"},
		{name: "stray comma", in: "JSONRPC@1.0,", err: "stray comma"},
		{name: "empty version", in: "JSONRPC@", err: "empty version"},
		{name: "empty alternative", in: "JSONRPC@1.0|", err: "empty version"},
		{name: "word version", in: "JSONRPC@latest", err: "not a version number"},
		{name: "duplicate binding", in: "JSONRPC@1.0,JSONRPC@0.3", err: "appears twice"},
		{name: "space in binding", in: "JSON RPC@1.0", err: "contains a space"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseProfile(tc.in)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("ParseProfile(%q) error = %v, want one containing %q", tc.in, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseProfile(%q): %v", tc.in, err)
			}
			if got := p.String(); got != tc.want {
				t.Errorf("ParseProfile(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestPresetsParse(t *testing.T) {
	seen := map[string]bool{}
	for _, ps := range Presets {
		if seen[ps.ID] {
			t.Errorf("preset id %q used twice", ps.ID)
		}
		seen[ps.ID] = true
		p, err := ParseProfile(ps.Profile)
		if err != nil {
			t.Errorf("preset %s: %v", ps.ID, err)
			continue
		}
		if p.String() != ps.Profile {
			t.Errorf("preset %s is not in normal form: %q vs %q", ps.ID, ps.Profile, p.String())
		}
	}
}

func TestSupports(t *testing.T) {
	p := MustParseProfile("JSONRPC@1.0,HTTP+JSON@1.0|0.3")
	for _, tc := range []struct {
		binding, version string
		want             bool
	}{
		{"JSONRPC", "1.0", true},
		{"JSONRPC", "0.3", false},
		{"HTTP+JSON", "0.3", true},
		{"jsonrpc", "1.0", false},
		{"GRPC", "1.0", false},
	} {
		if got := p.Supports(tc.binding, tc.version); got != tc.want {
			t.Errorf("Supports(%s, %s) = %v, want %v", tc.binding, tc.version, got, tc.want)
		}
	}
}
