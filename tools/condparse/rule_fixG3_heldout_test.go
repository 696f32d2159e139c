package condparse

import (
	"strings"
	"testing"
)

// missesG3 checks a reading against specs: those of missesE3 plus
// "norem W" (no remainder span, the notice's "not understood", holds W)
// and "nokw" (no keyword condition at all, wanted or excluded).
func missesG3(t *testing.T, r Reading, specs []string) []string {
	t.Helper()
	var out, rest []string
	for _, sp := range specs {
		word, arg, _ := strings.Cut(sp, " ")
		switch word {
		case "norem":
			for _, s := range r.Remainder {
				if strings.Contains(strings.ToLower(s.Text), strings.ToLower(arg)) {
					out = append(out, "Read("+r.Input+"): remainder "+s.Text+" holds "+arg)
				}
			}
		default:
			rest = append(rest, sp)
		}
	}
	return append(out, missesE3(t, r, rest)...)
}

// TestFixG3HeldOut: phrasings of my own for the classes G1 (function
// words of another language never rank; "de" stays Germany as a country
// code), G2 (a country code alone in a cell of a separated brief is the
// country), G3 (a hedge after a comma belongs to the count before it),
// G4 (filler words after a place never rank nor reach the notice) and G5
// (the advertiser's product ranks when no other topic is named), written
// before any rule was changed and never tuned on (8/21 before, 18/21
// after). It logs its misses and
// fails only when fewer pass than measured after the fixes (the floor).
func TestFixG3HeldOut(t *testing.T) {
	const floor = 18
	measureHeldOut(t, floor, []heldCase{
		// G1
		{"busco canales de cocina de México con más de 20k", []string{"noterm de", "country MX"}},
		{"YouTuber mit Angel-Videos und Outdoor-Tipps", []string{"noterm mit", "noterm und"}},
		{"créateurs avec des vidéos de jardinage pour débutants", []string{"noterm avec", "noterm des", "noterm pour"}},
		{"canais da Bahia do tipo vlog de viagem", []string{"noterm da", "noterm do"}},
		{"de fitness 20k+", []string{"country DE", "noterm de"}},
		{"beauty, not de or at", []string{"nocountry DE"}},
		// G2
		{"KR | kpop covers | 20k+ | 30d", []string{"country KR", "noterm kr"}},
		{"FR / cuisine / 5k-50k", []string{"country FR", "noterm fr"}},
		{"BR · futebol · 100k+", []string{"country BR", "noterm br"}},
		{"us / gaming / 10k+", []string{"country US", "noterm us"}},
		// G3
		{"travel vloggers with 30k subscribers, roughly", []string{"followers lo 15000..27000 hi 33000..60000"}},
		{"美食博主，5万粉上下吧", []string{"followers lo 25000..45000 hi 55000..100000"}},
		{"找3万粉的，大概就行", []string{"followers lo 15000..27000 hi 33000..60000"}},
		{"crypto channels at 100k subs, approximately", []string{"followers lo 50000..90000 hi 110000..200000"}},
		// G4
		{"大阪附近的美食博主", []string{"country JP", "noterm 附近", "norem 附近"}},
		{"photographers in the Munich region", []string{"country DE", "noterm region", "norem region"}},
		{"成都周边的户外博主", []string{"country CN", "noterm 周边", "norem 周边"}},
		{"food creators in the Toronto area or so", []string{"country CA", "noterm area", "norem area"}},
		// G5
		{"we make handmade leather wallets, looking for creators", []string{"term wallet", "nohardterm"}},
		{"我们是卖普洱茶的，想找人推广", []string{"term 普洱茶", "nohardterm"}},
		{"our company sells electric bikes; we want cycling vloggers", []string{"term cycling", "noterm electric bike"}},
	}, missesG3)
}
