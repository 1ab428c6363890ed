// Package actiontest runs the repository's GitHub Action (action.yml) and
// pre-commit hook (.pre-commit-hooks.yaml) locally, as their users' CI
// would, so that a change to the CLI's flags or output that breaks them
// fails `go test` instead of someone's workflow. It has only tests:
//
//	go test -count=1 ./scripts/actiontest/   (make test-action)
//
// Every run: step of the action runs as GitHub runs a `shell: bash` step:
// the script in a file, `bash --noprofile --norc -eo pipefail`, the step's
// env with ${{ }} resolved (inputs, github.action_ref and action_path,
// earlier steps' outputs read from $GITHUB_OUTPUT), if: conditions
// evaluated, $GITHUB_PATH, $GITHUB_STEP_SUMMARY and $RUNNER_TEMP as on a
// runner. What differs from GitHub: uses: steps (actions/setup-go,
// github/codeql-action/upload-sarif) are recorded with their inputs, not
// run; the release download is served by a local server from a release
// build of this checkout (scripts/release); the build step is replaced by
// this checkout's binary except in TestActionBuild, which runs it. The
// pre-commit hook's pattern is applied by the real pre-commit tool
// (Debian's package). No network is used.
package actiontest
