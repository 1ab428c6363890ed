package lint

import (
	"mime"
	"strings"
	"testing"
)

var mediaParamSeeds = []string{
	"", ";", "; ", ";charset=utf-8", "; charset=utf-8", " ; charset = utf-8 ;", "; charset=\"utf-8\"", "; a=1; b=2",
	"; a=1; a=1", "; a=1; A=2", "; a", "; a=", "; =1", "; a=\"x", "; a=\"x\\\"y\"", "; a=\"C:\\dev\\go\"", "; a=\"line\nbreak\"",
	"; a*=utf-8''%e2%82%ac", "; a*0=x; a*1=y", "; a*0=x; a*0=z", "; a=b c", "; a=\"\"", ";; a=1", "; a=1;;", "; a=é", "; é=1",
	"; a=1 ; ", "\u00a0; a=1", "; a=(x)", "; a=1\u2003",
}

// mediaParamsOK accepts exactly the parameters mime.ParseMediaType does.
func checkMediaParams(t *testing.T, params string) {
	_, _, err := mime.ParseMediaType("text/plain" + params)
	if got := mediaParamsOK(params); got != (err == nil) {
		t.Fatalf("mediaParamsOK(%q) = %v, mime.ParseMediaType: %v", params, got, err)
	}
}

func TestMediaParamsLikeMIME(t *testing.T) {
	for _, p := range mediaParamSeeds {
		checkMediaParams(t, p)
	}
}

func FuzzMediaParams(f *testing.F) {
	for _, p := range mediaParamSeeds {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, p string) {
		if i := strings.IndexByte(p, ';'); i >= 0 {
			checkMediaParams(t, p[i:])
		}
	})
}
