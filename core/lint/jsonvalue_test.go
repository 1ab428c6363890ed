package lint

import (
	"encoding/json"
	"reflect"
	"testing"
)

var jsonValueSeeds = []string{
	`{"alg":"ES256","kid":"k1","typ":"JOSE"}`, `{"alg":"none"}`, `{"alg":1,"kid":null}`, `{"typ":["JOSE"],"x":{"b":1,"a":[true,false]}}`,
	`{"a":1,"a":2}`, `null`, `[1]`, `"s"`, `1e400`, `{"n":1e400}`, `{"n":-0.0000001,"m":1e21,"o":123456789012345678901234,"p":0.5}`,
	`{"s":"<a & b>\u2028\ud83e\udd16 \u0001"}`, "{\"s\":\"\xff\xfe\"}", "{\"\xff\":1}", `{`, `{"a":1,}`, ``, ` {"a" : 1 } `,
	"\ufeff{}", `{"jku":"https://keys.example/jwks.json"}`, `[[[[{"z":{},"y":[]}]]]]`, `true`, `1.50`, `-0`, `{"":"\ud800"}`, `["\udc00x\ud83e"]`,
}

// checkJSONValue: decodeJSON accepts what json.Unmarshal accepts, gives
// the same value, and appendJSONValue writes what json.Marshal writes.
func checkJSONValue(t *testing.T, b []byte) {
	var want any
	werr := json.Unmarshal(b, &want)
	got, ok := decodeJSON(b)
	if ok != (werr == nil) {
		t.Fatalf("decodeJSON(%q) ok=%v, json.Unmarshal: %v", b, ok, werr)
	}
	if !ok {
		return
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("decodeJSON(%q) = %#v, json.Unmarshal: %#v", b, got, want)
	}
	wb, _ := json.Marshal(want)
	if gb := appendJSONValue(nil, got); string(gb) != string(wb) {
		t.Fatalf("appendJSONValue(%q) = %s, json.Marshal: %s", b, gb, wb)
	}
	var wm map[string]any
	merr := json.Unmarshal(b, &wm)
	gm, mok := decodeJSONObject(b)
	if mok != (merr == nil) || !reflect.DeepEqual(gm, wm) {
		t.Fatalf("decodeJSONObject(%q) = %v, %v; json.Unmarshal into a map: %v, %v", b, gm, mok, wm, merr)
	}
}

func TestJSONValueMatchesEncodingJSON(t *testing.T) {
	for _, s := range jsonValueSeeds {
		checkJSONValue(t, []byte(s))
	}
}

func FuzzJSONValue(f *testing.F) {
	for _, s := range jsonValueSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(checkJSONValue)
}
