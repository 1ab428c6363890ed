package lint

import (
	"regexp"
	"strings"
	"testing"
)

// credentialRes are the regular expressions the matchers of
// credential_scan.go replaced, in credentialPatterns' order.
var credentialRes = []*regexp.Regexp{
	regexp.MustCompile(`-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----(?s:.*?)(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|$)`),
	regexp.MustCompile(`(?i)\bbearer\s+[A-Za-z0-9._~+/-]{16,}=*`),
	regexp.MustCompile(`(?i)\bbasic\s+[A-Za-z0-9+/]{8,}={0,2}`),
	regexp.MustCompile(`\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*`),
	regexp.MustCompile(`\b(?:AKIA|ASIA)[0-9A-Z]{16}\b`),
	regexp.MustCompile(`\bAIza[0-9A-Za-z_-]{35}\b`),
	regexp.MustCompile(`\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,})\b`),
	regexp.MustCompile(`\bglpat-[A-Za-z0-9_-]{20,}\b`),
	regexp.MustCompile(`\bxox[abposr]-[A-Za-z0-9-]{10,}\b`),
	regexp.MustCompile(`\b(?:sk|rk)_live_[A-Za-z0-9]{16,}\b`),
	regexp.MustCompile(`\b(?:sk|rk)_test_[A-Za-z0-9]{16,}\b`),
	regexp.MustCompile(`\bsk-(?:[A-Za-z0-9]+-)*[A-Za-z0-9_-]{20,}\b`),
}

func TestCredentialMatchersMatchRegexps(t *testing.T) {
	if len(credentialRes) != len(credentialPatterns) {
		t.Fatal("one regexp per pattern")
	}
	long := func(piece string, n int) string { return strings.Repeat(piece, n) }
	fixed := []string{
		"-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----", "-----BEGIN PRIVATE KEY-----abc", "-----BEGIN PRIVATE KEY BLOCK----- x -----END PRIVATE KEY----- y -----END PRIVATE KEY BLOCK-----",
		"-----BEGIN A B PRIVATE KEY-----x-----END A PRIVATE KEY", "-----BEGIN  PRIVATE KEY-----", "-----BEGIN PRIVATE KEY PRIVATE KEY-----",
		"Bearer " + long("aB3", 6), "bearer\t" + long("x", 16) + "==", "BEARER  " + long("Aa", 7), "xbearer " + long("a", 20), "Bearer " + long("ſ\u212a", 8),
		"Basic dXNlcjpwYXNz", "baſic " + long("Q", 9) + "===", "Basic " + long("a", 7),
		"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig", "eyJ" + long("a", 8) + ".abcd.", "xeyJ" + long("a", 9) + ".abcd.e",
		"AKIA" + long("A", 16), "ASIA" + long("Z9", 8) + "X", "AIza" + long("a-", 17) + "b", "AIza" + long("a", 34) + "-",
		"ghp_" + long("a", 30), "gho_" + long("a", 31) + "_", "github_pat_" + long("a_", 20), "glpat-" + long("a-", 11), "glpat-" + long("ab", 10) + "-",
		"xoxb-" + long("1-", 6), "xoxz-" + long("1", 12), "sk_live_" + long("a", 16), "rk_test_" + long("Z", 17) + "_", "sk-" + long("ab-", 8), "sk-proj-" + long("Ab1", 7) + "-",
	}
	pieces := []string{"-----BEGIN ", "-----END ", "PRIVATE KEY", " BLOCK", "-----", "RSA ", "A ", " ", "\n", "\t", "Bearer ", "bearer", "BASIC ", "baſic ", "basic",
		"ſ", "\u212a", "ı", "İ", "eyJ", ".", "AKIA", "ASIA", "AIza", "ghp_", "github_pat_", "glpat-", "xoxb-", "sk_live_", "rk_test_", "sk-", "sk", "_", "-", "=",
		"abcdefgh", "ABCDEFGH", "01234567", "aB3xY9", "+/", "é", "\xff", "x", "aB3xY9aB3xY9aB3xY9", "ABCDEFGHIJKLMNOP", "a-b_c-d_e-f_g-h_i-j_"}
	for _, s := range randomTexts(13, fixed, pieces, 80000) {
		for k := range credentialPatterns {
			got, want := findAll(s, credentialPatterns[k].at, 4), credentialRes[k].FindAllString(s, 4)
			if strings.Join(got, "\x00") != strings.Join(want, "\x00") || len(got) != len(want) {
				t.Fatalf("pattern %d (%s) on %q: %q, the regexp says %q", k, credentialRes[k], s, got, want)
			}
		}
	}
}
