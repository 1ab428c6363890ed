// Package actiontest runs the repository's GitHub Action (action.yml) and
// pre-commit hook (.pre-commit-hooks.yaml) locally, as their users' CI
// would, so that a change to the CLI's flags or output that breaks them
// fails `go test` instead of someone's workflow. It has only tests:
//
//	go test -count=1 ./scripts/actiontest/   (make test-action)
//
// What differs from GitHub: steps that `uses:` another action
// (actions/setup-go) are skipped, since the Go that runs the test is
// already there, and the step with id "install" (go install …@version,
// which needs the network and a published module) is replaced by a
// binary built from this checkout and put on the path the way the step
// does (through $GITHUB_PATH). Every other step runs as GitHub runs a
// `shell: bash` step: the script in a file, `bash --noprofile --norc -eo
// pipefail`, the step's env with ${{ inputs.* }} substituted, in a
// workspace directory. No network is used.
package actiontest
