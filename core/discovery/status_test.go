package discovery

import (
	"net/http"
	"testing"
)

// statusText says what net/http's StatusText says, for every code.
func TestStatusTextAsNetHTTP(t *testing.T) {
	for code := 0; code < 1000; code++ {
		if got, want := statusText(code), http.StatusText(code); got != want {
			t.Errorf("statusText(%d) = %q, net/http says %q", code, got, want)
		}
	}
}
