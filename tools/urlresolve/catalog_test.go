package urlresolve

import (
	"testing"

	"searchagent/tools/catalog"
	"searchagent/tools/platform"
)

// Channel ids of the test catalog (real YouTube channel ids).
const (
	idMrBeast = "UCX6OQ3DkcsbYNE6H8uQQuVA"
	idTSeries = "UCq-Fj5jknLsUf-MWSy4_brA"
	idLiziqi  = "UCoC47do520os_4DBMEFGg4A"
)

func testChannels() []*catalog.Channel {
	return []*catalog.Channel{
		{Platform: platform.YouTube, ID: idMrBeast, Handle: "MrBeast", Aliases: []string{"MrBeast6000"}, Name: "MrBeast",
			ContentIDs: []string{"0e3GPea1Tyg", "erLbbextvlY"}},
		{Platform: platform.YouTube, ID: idTSeries, Aliases: []string{"tseries"}, Name: "T-Series"},
		{Platform: platform.YouTube, ID: idLiziqi, Handle: "李子柒", Name: "李子柒 Liziqi", ContentIDs: []string{"abcdefghijk"}},
		{Platform: platform.Instagram, Handle: "leomessi", Name: "Leo Messi", ContentIDs: []string{"CmX1a2b3c4D"}},
		{Platform: platform.Instagram, Handle: "cristiano", Name: "Cristiano Ronaldo", ContentIDs: []string{"C0ReelAbcd1"}},
		{Platform: platform.TikTok, Handle: "mrbeast", Name: "MrBeast", ContentIDs: []string{"7212345678901234567", "ZMabc1234"}},
		{Platform: platform.TikTok, Handle: "khaby.lame", Name: "Khabane lame"},
		{Platform: platform.X, Handle: "elonmusk", Name: "Elon Musk", ContentIDs: []string{"1585841080431321088"}},
		{Platform: platform.X, Handle: "jack", Name: "jack", ContentIDs: []string{"20"}},
	}
}

// newTestCatalog builds the small catalog the tests resolve against.
func newTestCatalog(tb testing.TB) *catalog.Catalog {
	tb.Helper()
	c, conflicts, err := catalog.New("urlresolve test", testChannels())
	if err != nil {
		tb.Fatalf("catalog.New: %v", err)
	}
	if len(conflicts) > 0 {
		tb.Fatalf("catalog.New: conflicts %v", conflicts)
	}
	return c
}
