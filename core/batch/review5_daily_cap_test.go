package batch

import (
	"testing"

	"github.com/agentcard/agentcard/core/check"
)

// TestOneClientCannotSpendTheDailyD1Cap (review 5, B20 residual): the D1
// rows a batch takes from the daily cap for everyone are Rows(n, queued),
// 3,502 for 500 URLs at 25 or more hosts, and one client may submit
// Batches.Daily (20) batches a day: 70,040 rows against DailyD1Rows
// (60,000). 17 such batches (3 at once, then one every 10 minutes: 2 h
// 20 min from one address, or at once from 6) leave 466 rows for
// everyone. Measured under wrangler dev: after 3,716 rows of other
// batches, 16 such posts were accepted, the 17th and a fresh client's
// 100-URL batch were answered 503 daily-cap (until midnight UTC).
func TestOneClientCannotSpendTheDailyD1Cap(t *testing.T) {
	per := Rows(MaxURLs, MaxURLs)
	day := check.DefaultLimits().Batches.Daily
	if per*day >= check.DailyD1Rows {
		t.Errorf("one client's daily batches take %d × %d = %d D1 rows, at least the cap for everyone (%d)", day, per, per*day, check.DailyD1Rows)
	}
}
