package batch

import (
	"context"
	"errors"
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
//
// A client's batches are now held to its own daily rows (ClientD1Rows,
// check.TakeClientDaily), a tenth of the cap: the test takes them as the
// Worker does, one client's full-size batches until refused.
func TestOneClientCannotSpendTheDailyD1Cap(t *testing.T) {
	per := Rows(MaxURLs, MaxURLs)
	if per > check.ClientD1Rows {
		t.Fatalf("one batch of %d URLs takes %d rows, more than a client's day (%d)", MaxURLs, per, check.ClientD1Rows)
	}
	if check.ClientD1Rows*10 > check.DailyD1Rows {
		t.Errorf("a client's %d rows a day are more than a tenth of the cap for everyone (%d)", check.ClientD1Rows, check.DailyD1Rows)
	}
	c := check.NewMemoryCounter(16, nil)
	ctx := context.Background()
	taken := 0
	for range check.DefaultLimits().Batches.Daily {
		err := check.TakeClientDaily(ctx, c, check.BatchRowsBudget, "192.0.2.1", per, check.ClientD1Rows)
		var le *check.LimitError
		if errors.As(err, &le) {
			if le.Budget != check.BatchRowsBudget || le.Global != "" {
				t.Errorf("refused as %+v, want the client's batch-rows budget", le)
			}
			break
		}
		taken += per
	}
	if taken*10 > check.DailyD1Rows {
		t.Errorf("one client's daily batches took %d D1 rows, more than a tenth of the cap for everyone (%d)", taken, check.DailyD1Rows)
	}
	if err := check.TakeClientDaily(ctx, c, check.BatchRowsBudget, "198.51.100.7", per, check.ClientD1Rows); err != nil {
		t.Errorf("another client refused: %v", err)
	}
}
