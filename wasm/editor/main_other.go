//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

// main exists so `go build ./...` works natively; the program itself only
// makes sense in a browser (GOOS=js GOARCH=wasm).
func main() {
	fmt.Fprintln(os.Stderr, "wasm/editor runs in the browser: build it with GOOS=js GOARCH=wasm (make build-site)")
	os.Exit(2)
}
