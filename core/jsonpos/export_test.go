package jsonpos

// What words_test.go (package jsonpos_test) needs of this package's own
// tests. Those tests word problems with core/i18n, which imports this
// package for Text, so they cannot be inside it.
var (
	AllProblems = allProblems
	WalkTexts   = walkTexts
	BadFormat   = badFormat
)

const CJKDuplicate = cjkDuplicate

// ProblemDocuments are the inputs of the package's tests with their
// options.
func ProblemDocuments() (ins []string, opts []Options) {
	for _, d := range problemDocuments() {
		ins, opts = append(ins, d.in), append(opts, d.opt)
	}
	return ins, opts
}

// ProblemSeeds are the seeds of FuzzProblemMessages.
func ProblemSeeds() [][]byte {
	var out [][]byte
	for _, tc := range syntaxCases {
		out = append(out, []byte(tc.in))
	}
	for _, tc := range messageCases {
		if len(tc.in) < 4096 {
			out = append(out, []byte(tc.in))
		}
	}
	return out
}
