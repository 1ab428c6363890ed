//go:build !js

package main

import (
	"crypto/rand"
	"encoding/base32"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// kvCountingMain wraps the Worker's entry for TestE2EQuotas: the same
// Worker, whose SHARES binding (Miniflare's KV) counts the reads it is
// asked for, and a route of the wrapper's own that answers the count.
// What is counted is what the Worker asks of its binding: the reads the
// account's KV quota would be charged for.
const kvCountingMain = `import worker from "./worker.mjs";

let reads = 0;
const readMethods = new Set(["get", "getWithMetadata", "list"]);

function countingKV(kv) {
  if (kv === undefined) return kv;
  return new Proxy(kv, {
    get(target, prop) {
      const v = Reflect.get(target, prop);
      if (typeof v !== "function") return v;
      if (!readMethods.has(prop)) return v.bind(target);
      return (...args) => {
        reads++;
        return v.apply(target, args);
      };
    },
  });
}

export default {
  async fetch(request, env, ctx) {
    if (new URL(request.url).pathname === "/api/__e2e/kv-reads") {
      return new Response(String(reads));
    }
    return worker.fetch(request, { ...env, SHARES: countingKV(env.SHARES) }, ctx);
  },
  async queue(batch, env, ctx) {
    return worker.queue(batch, env, ctx);
  },
};
`

// TestE2EQuotas (issue 36) in the real runtime: short-link reads that
// reach Workers KV draw from the reader's budget (300 random ids from one
// client meet 429s), a found link read again is answered from the Cache
// API without a KV read, and badges draw from their card's host's
// budget, so cache-busting badges from one viewer leave other cards'
// badges alone.
//
//	AGENTCARD_E2E=1 go test -count=1 -run TestE2EQuotas ./wasm/worker/
func TestE2EQuotas(t *testing.T) {
	skipUnlessE2E(t)
	root := repoRoot(t)
	if err := os.MkdirAll(filepath.Join(root, "build"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "build", "worker-kv-count.mjs"), []byte(kvCountingMain), 0o644); err != nil {
		t.Fatal(err)
	}
	fx := fixtureServer(t, sharedCard(t, "seed-three-interfaces.json"), sharedCard(t, "broken-common-mistakes.json"))
	other := fixtureServer(t, sharedCard(t, "seed-three-interfaces.json"), nil)
	base, _ := startWranglerMain(t, "worker-kv-count.mjs")
	as := func(from, method, u, ctype, body string) answer {
		t.Helper()
		req, _ := http.NewRequest(method, u, strings.NewReader(body))
		if ctype != "" {
			req.Header.Set("Content-Type", ctype)
		}
		req.Header.Set("CF-Connecting-IP", from)
		client := &http.Client{Timeout: 30 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		res, err := client.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", method, u, err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return answer{res.StatusCode, res.Header, b}
	}

	kvReads := func() int {
		t.Helper()
		a := as("198.18.250.1", "GET", base+"/api/__e2e/kv-reads", "", "")
		n, err := strconv.Atoi(strings.TrimSpace(string(a.body)))
		if a.status != 200 || err != nil {
			t.Fatalf("the KV read count: %d %q", a.status, a.body)
		}
		return n
	}

	t.Run("found link from the cache", func(t *testing.T) {
		text := fmt.Sprintf(`{"name": "Quota %d"}`, time.Now().UnixNano())
		body, _ := json.Marshal(map[string]string{"text": text})
		a := as("198.18.251.1", "POST", base+"/api/share", "application/json", string(body))
		var created struct{ ID string }
		if a.status != 201 || json.Unmarshal(a.body, &created) != nil {
			t.Fatalf("POST /api/share: %d %s", a.status, a.body)
		}
		before := kvReads()
		if a := as("198.18.251.2", "GET", base+"/s/"+created.ID, "", ""); a.status != 303 {
			t.Fatalf("GET /s/ID: %d %s", a.status, a.body)
		}
		for i := range 100 {
			a := as("198.18.251.2", "GET", base+"/api/share/"+created.ID, "", "")
			var got struct{ Text string }
			if a.status != 200 || json.Unmarshal(a.body, &got) != nil || got.Text != text {
				t.Fatalf("read %d: %d %s", i+1, a.status, a.body)
			}
		}
		n := kvReads() - before
		t.Logf("/s/ID and 100 reads of one link from one client: %d KV reads", n)
		if n != 1 {
			t.Errorf("/s/ID and 100 reads of one link: %d KV reads, want 1", n)
		}
	})

	t.Run("random ids", func(t *testing.T) {
		before := kvReads()
		notFound, refused := 0, 0
		for i := range 300 {
			id := make([]byte, 10)
			rand.Read(id)
			a := as("198.18.252.1", "GET", base+"/api/share/"+strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(id)), "", "")
			var e errorBody
			json.Unmarshal(a.body, &e)
			switch {
			case a.status == 404:
				notFound++
			case a.status == 429 && e.Error.Kind == "read-limited" && a.header.Get("Retry-After") != "":
				refused++
			default:
				t.Fatalf("read %d: %d %q %s", i+1, a.status, a.header.Get("Retry-After"), a.body)
			}
		}
		n := kvReads() - before
		t.Logf("300 random ids from one client: %d not found, %d refused (429), %d KV reads", notFound, refused, n)
		if refused == 0 || n > notFound {
			t.Errorf("300 random ids from one client: %d refused, %d KV reads for %d answers", refused, n, notFound)
		}
		if a := as("198.18.252.2", "GET", base+"/api/share/aaaaaaaaaaaaaaaa", "", ""); a.status != 404 {
			t.Errorf("another client: %d %s", a.status, a.body)
		}
	})

	t.Run("badges of a drained host", func(t *testing.T) {
		const proxy = "198.18.253.1"
		for i := range 25 {
			as(proxy, "GET", base+"/badge?url="+url.QueryEscape(fmt.Sprintf("%s/valid/.well-known/agent-card.json?v=%d", fx.URL, i)), "", "")
		}
		for _, card := range []string{other.URL + "/valid/.well-known/agent-card.json", other.URL + "/xss.json"} {
			a := as(proxy, "GET", base+"/badge?url="+url.QueryEscape(card), "", "")
			title, texts := badgeTexts(t, a.body)
			t.Logf("after 25 cache-busting badges of %s: %s: %d %q", fx.URL, card, a.status, texts)
			if a.status != 200 || len(texts) < 2 || texts[1] == "try later" || strings.Contains(title, "try later") {
				t.Errorf("%s: %d %q", card, a.status, texts)
			}
		}
	})
}
