package agent

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"
	"time"

	"searchagent/api"
	"searchagent/tools/catalog"
	"searchagent/tools/catalog/demo"
)

// TestEncodeResults: the results event's encoding with the channels from
// the cache is json.Marshal's, byte for byte, for results with and
// without an anchor, with no items, a nil item list, a nil channel,
// reasons and labels, characters json escapes, and every field of the
// envelope set; asked again (the channels now cached) it is the same; a
// score json cannot encode is an error, as it is for json.Marshal.
func TestEncodeResults(t *testing.T) {
	cat, err := demo.Catalog(demo.WithNow(testNow), demo.WithTotal(200))
	if err != nil {
		t.Fatal(err)
	}
	chans := cat.All()
	odd := *chans[0]
	odd.Name, odd.Description = `<b>"Tom & Jerry"</b>`+"\u2028\t\x01", "line\nbreak \\ 美食 \U0001F600"
	odd.Tags, odd.LastPostAt = []string{"a<b", ""}, time.Date(2026, 3, 1, 12, 0, 0, 5, time.FixedZone("X", 3600))
	items := func(cs ...*catalog.Channel) []api.ResultItem {
		out := []api.ResultItem{}
		for i, c := range cs {
			it := api.ResultItem{Channel: c, Score: 1 / float64(i+3)}
			if i%2 == 0 {
				it.Reasons = []api.MatchReason{{Code: "same_category", Text: "同类目 <&>"}}
				it.ReasonLabels = []string{"同类目", "name has “kayak”"}
			}
			out = append(out, it)
		}
		return out
	}
	cases := map[string]*api.Results{
		"nil":           nil,
		"no items":      {Items: []api.ResultItem{}, Sort: "relevance"},
		"nil items":     {Total: 3},
		"nil channel":   {Items: []api.ResultItem{{Score: 0.5}}},
		"page":          {Items: items(chans[1:21]...), Total: 200, Sort: "followers", NextCursor: "20"},
		"anchor":        {Anchor: chans[0], Items: items(chans[5:9]...), Total: 4, LowRecall: true, Stale: true},
		"escapes":       {Anchor: &odd, Items: items(&odd, chans[3]), Total: 2, Expansions: []api.Expansion{{Keyword: "cooking", Scope: "tags", Also: []string{"food", "美食"}, Label: "cooking · also matches food, 美食"}}},
		"tiny scores":   {Items: []api.ResultItem{{Channel: chans[2], Score: 1e-9}, {Channel: chans[4], Score: 1e21}, {Channel: chans[6], Score: math.Copysign(0, -1)}}},
		"same channels": {Items: items(chans[1], chans[1], chans[2])},
	}
	cj := newChannelJSON()
	for name, r := range cases {
		want, err := json.Marshal(r)
		if err != nil {
			t.Fatalf("%s: json.Marshal: %v", name, err)
		}
		for round := range 2 {
			got, err := cj.encodeResults(r)
			if err != nil {
				t.Fatalf("%s, round %d: %v", name, round, err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s, round %d:\n got %s\nwant %s", name, round, got, want)
			}
		}
	}
	bad := &api.Results{Items: []api.ResultItem{{Channel: chans[1], Score: math.NaN()}}}
	if _, err := json.Marshal(bad); err == nil {
		t.Fatal("json.Marshal encoded a NaN score: the case tests nothing")
	}
	if b, err := cj.encodeResults(bad); err == nil {
		t.Errorf("a NaN score encoded as %s, want an error", b)
	}
}
