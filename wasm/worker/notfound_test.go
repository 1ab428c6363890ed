//go:build !js

package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/batch"
)

// A URL whose host answers 404 is "not found (404)" in a batch, in its
// JSON (kind and httpStatus) and on its page, not "unreachable".
func TestBatchNotFound(t *testing.T) {
	tw := newTestWorker(t, true)
	missing := tw.fx.URL + "/none/card.json"
	w := tw.postJSON(t, "/api/batch", batchBody(missing, tw.fx.URL+"/broken.json"))
	var created struct{ ID string }
	if w.Code != 202 || json.Unmarshal(w.Body.Bytes(), &created) != nil {
		t.Fatalf("POST /api/batch: %d %s", w.Code, w.Body)
	}
	tw.drain(t)
	var b batch.Batch
	json.Unmarshal(tw.get(t, "/api/batch/"+created.ID).Body.Bytes(), &b)
	if len(b.Results) != 2 || b.Results[0].Kind != "not-found" || b.Results[0].HTTPStatus != 404 {
		t.Fatalf("results %+v", b.Results)
	}
	rows := doc(t, tw.get(t, "/batch/"+created.ID)).Find(`[data-testid=batch-row]`)
	if first, second := rows.Eq(0).Text(), rows.Eq(1).Text(); !strings.Contains(first, "not found (404)") || strings.Contains(first, "unreachable") || !strings.Contains(second, "unreachable") {
		t.Errorf("rows %q / %q", first, second)
	}
}
