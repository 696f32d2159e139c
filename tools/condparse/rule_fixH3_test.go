package condparse

import "testing"

// TestFixH3 is the tuning table for the classes H1 (the advertiser's own
// place is no country filter), H2 (a hedged range keeps its floor; an
// approximate floor is a floor) and H3 (a language said by a demonym, a
// group or a table row is a language). Each case must read as meant.
func TestFixH3(t *testing.T) {
	for _, tc := range []heldCase{
		// H1
		{"波兰饺子品牌，想找美国的美食博主", []string{"country US", "nocountry PL"}},
		{"Czech glass bookends, looking for home creators in the US", []string{"country US", "nocountry CZ"}},
		{"Egyptian cotton sheets, sleep creators in Canada", []string{"country CA", "nocountry EG"}},
		{"our riad in Marrakech wants travel creators from France", []string{"country FR", "nocountry MA"}},
		{"我们马拉喀什的民宿想找法国的旅行博主", []string{"country FR", "nocountry MA"}},
		{"launching in the UK and EU first, need US beauty creators", []string{"country US", "nocountry GB", "noterm first"}},
		{"we're launching in the UK first but keep US creators", []string{"country US", "nocountry GB", "noterm first"}},
		{"我们准备进北美，先找日本的数码博主", []string{"country JP", "nocountry US"}},
		{"we launch in Canada, find creators there, gaming", []string{"country CA"}},
		// H2
		{"anywhere from 20k up to maybe 200k followers, beauty", []string{"followers lo 20000..20000"}},
		{"fitness, from 5k to like 50k subs", []string{"followers lo 5000..5000"}},
		{"粉丝大概1万到十万左右的美妆博主", []string{"followers lo 10000..10000"}},
		{"approx 50k subs and above, tech", []string{"followers lo 50000..50000 nohi"}},
		{"cooking creators around 10k or more", []string{"followers lo 10000..10000 nohi"}},
		// H3
		{"| language | Dutch |\n| topic | cycling |", []string{"lang nl", "nocountries"}},
		{"language: Flemish, parenting", []string{"lang nl", "nocountries"}},
		{"english or scandinavian langs ok, outdoor", []string{"lang en", "lang sv", "lang da", "lang nb", "nocountries"}},
		{"Nordic languages, travel", []string{"lang sv", "lang fi", "nocountries"}},
		{"说西语或葡语的美食博主", []string{"lang es", "lang pt", "nocountries"}},
		{"法语或者弗拉芒语的母婴博主", []string{"lang fr", "lang nl", "nocountries"}},
	} {
		if m := missesH3(t, readAt(t, tc.in, nil, nil), tc.checks); len(m) > 0 {
			t.Error(m)
		}
	}
}
