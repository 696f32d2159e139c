package condparse

import "testing"

// TestFixY2: the tuning table for audit 38's classes Y1 (an activity
// window said as a negation or a vague span), Y2 (a country said
// colloquially or glued inside a Chinese phrase), Y3 (a size tier said
// without numbers: one documented band each, sizeTiers) and Y4 ("from N
// up" is a lower bound, "up" no term).
func TestFixY2(t *testing.T) {
	for _, tc := range []heldCase{
		// Y1
		{"Nothing that's been quiet for over 3 months, sauna culture channels", []string{"active 90..92", "nohardterm", "noterm quiet"}},
		{"film photography in Japan, not dead, something in the last 3 weeks", []string{"active 21..22", "nohardterm", "noterm dead"}},
		{"street food creators that haven't gone silent in the past fortnight", []string{"active 14..14", "nohardterm", "noterm silent"}},
		{"三个月以上没更新的不要，找做烘焙的博主", []string{"active 90..92", "nohardterm"}},
		{"别给我停更半年的，要美妆博主", []string{"active 180..183", "nohardterm"}},
		{"一个月没发过推的不要，美食推特号", []string{"active 30..31", "nohardterm", "noterm 推"}},
		{"六周以上不活跃的不考虑，找健身博主", []string{"active 42..42", "nohardterm"}},
		// Y2
		{"My boss wants Aussie rugby league creators on YouTube", []string{"has hard country eq \"AU\" applied", "noterm aussie"}},
		{"麻将app推广，找大马玩麻将的wanghong", []string{"has hard country eq \"MY\" applied", "noterm 大马"}},
		{"Pinoy food vloggers with 20k+ followers", []string{"has hard country eq \"PH\" applied", "noterm pinoy"}},
		{"Kiwis who do tramping videos", []string{"has hard country eq \"NZ\" applied", "noterm kiwi"}},
		{"kiwi smoothie recipes", []string{"noterm zzz", "nohas hard country eq \"NZ\" applied"}},
		{"找湾湾拍美食的博主", []string{"has hard country eq \"TW\" applied", "noterm 湾湾"}},
		{"想找紐西蘭的旅遊網紅", []string{"has hard country eq \"NZ\" applied", "noterm 紐西蘭"}},
		{"星国做理财的博主", []string{"has hard country eq \"SG\" applied", "noterm 星国"}},
		// Y3
		{"想找美国或加拿大的micro级FPV穿越机博主，不要mega那种大号", []string{"followers lo 10000..10000 hi 100000..100000"}},
		{"nano size foodies in the US", []string{"followers lo 1000..1000 hi 10000..10000"}},
		{"mid-tier beauty creators in France", []string{"followers lo 100000..100000 hi 1000000..1000000"}},
		{"找头部游戏主播", []string{"followers lo 1000000..1000000 nohi"}},
		{"找中腰部的母婴博主", []string{"followers lo 100000..100000 hi 1000000..1000000"}},
		{"尾部达人就行，做家居的", []string{"followers lo 10000..10000 hi 100000..100000"}},
		{"mega级别的旅行博主", []string{"followers lo 1000000..1000000 nohi"}},
		{"micro-level skincare creators", []string{"followers lo 10000..10000 hi 100000..100000"}},
		{"不要mega那种大号，做露营的", []string{"followers nolo hi 1000000..1000000"}},
		// Y3, the bare tier name as an edit's value
		{"make it micro", []string{"followers lo 10000..10000 hi 100000..100000"}},
		{"改成micro的吧", []string{"followers lo 10000..10000 hi 100000..100000"}},
		{"switch to nano please", []string{"followers lo 1000..1000 hi 10000..10000"}},
		{"micro bikes for kids", []string{"nofollowers"}},
		// Y4
		{"synth restoration channels, UK, anything from 2k subs up", []string{"followers lo 2000..2000 nohi", "noterm up", "nohardterm"}},
		{"cooking channels, 2k and up", []string{"followers lo 2000..2000 nohi", "noterm up", "nohardterm"}},
		{"从两千粉起的钓鱼博主", []string{"followers lo 2000..2000 nohi", "nohardterm"}},
		// Y4: a brief whose conditions all read keeps its topic (a
		// short run after "channels doing" is the topic however long
		// the clause)
		{"vintage synth repair shop here — want YouTube channels doing synth restoration or analog synth demos, UK, Germany or the Netherlands, anything from 2k subs up, and they must have uploaded since last Friday",
			[]string{"term synth restoration", "term analog synth", "followers lo 2000..2000 nohi", "active 3..4", "noterm up", "nohardterm"}},
		{"we run a tiny independent bike repair workshop in Leeds and want YouTube channels doing wheel truing or frame building, UK",
			[]string{"term wheel truing", "term frame building", "nohardterm"}},
		{"family-owned olive farm - looking for creators covering Mediterranean cooking, Spain or Italy, 10k subs up",
			[]string{"term mediterranean", "followers lo 10000..10000 nohi", "noterm up", "nohardterm"}},
	} {
		r := readAt(t, tc.in, nil, nil)
		var specs []string
		for _, sp := range tc.checks {
			if len(sp) > 6 && sp[:6] == "nohas " {
				for _, c := range r.Conditions {
					if brief(c) == sp[6:] {
						t.Errorf("Read(%q): %s, want none", tc.in, sp[6:])
					}
				}
				continue
			}
			specs = append(specs, sp)
		}
		for _, m := range misses34s(t, r, specs) {
			t.Error(m)
		}
	}
}
