package web

import (
	"net/http"
	"testing"
)

// The constants are net/http's.
func TestConstantsAsNetHTTP(t *testing.T) {
	for got, want := range map[string]string{MethodGet: http.MethodGet, MethodHead: http.MethodHead, MethodPost: http.MethodPost, MethodOptions: http.MethodOptions} {
		if got != want {
			t.Errorf("%q != %q", got, want)
		}
	}
	for _, c := range [][2]int{{StatusOK, http.StatusOK}, {StatusCreated, http.StatusCreated}, {StatusAccepted, http.StatusAccepted},
		{StatusNoContent, http.StatusNoContent}, {StatusResetContent, http.StatusResetContent}, {StatusMovedPermanently, http.StatusMovedPermanently},
		{StatusFound, http.StatusFound}, {StatusSeeOther, http.StatusSeeOther}, {StatusNotModified, http.StatusNotModified},
		{StatusBadRequest, http.StatusBadRequest}, {StatusForbidden, http.StatusForbidden}, {StatusNotFound, http.StatusNotFound},
		{StatusMethodNotAllowed, http.StatusMethodNotAllowed}, {StatusRequestEntityTooLarge, http.StatusRequestEntityTooLarge},
		{StatusMisdirectedRequest, http.StatusMisdirectedRequest}, {StatusUnprocessableEntity, http.StatusUnprocessableEntity},
		{StatusTooManyRequests, http.StatusTooManyRequests}, {StatusInternalServerError, http.StatusInternalServerError},
		{StatusBadGateway, http.StatusBadGateway}, {StatusServiceUnavailable, http.StatusServiceUnavailable},
		{StatusGatewayTimeout, http.StatusGatewayTimeout}} {
		if c[0] != c[1] {
			t.Errorf("%d != %d", c[0], c[1])
		}
	}
}
