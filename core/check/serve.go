//go:build !remoteverify

package check

import (
	"context"

	"github.com/agentcard/agentcard/core/signature"
)

// ServeVerifier answers a RemoteVerifier's call (path and body) by
// verifying with v here: the verifier Worker's whole job (wasm/verifier).
// It fetches nothing: the key sets come in the request.
func ServeVerifier(ctx context.Context, v LocalVerifier, path string, body []byte) (status int, answer []byte) {
	if len(body) > MaxVerifyRequest {
		return 413, []byte("request too large\n")
	}
	switch path {
	case VerifyPath:
		in, jwks, err := decodeVerifyRequest(body)
		if err != nil {
			return 400, []byte("unreadable request: " + err.Error() + "\n")
		}
		if jwks != nil {
			keys, err := signature.ParseKeys(jwks)
			if err != nil {
				// the keys were read by /keys before: they do not change
				return 200, encodeVerifyAnswer(nil, err)
			}
			in.Keys = keys
		}
		rep, verr := v.VerifySignatures(ctx, in)
		return 200, encodeVerifyAnswer(rep, verr)
	case KeysPath:
		set, err := signature.ParseKeys(body)
		return encodeKeysAnswer(set, err)
	}
	return 404, []byte("no such call\n")
}
