package condparse

import "testing"

// TestNegationEdges pins exclusions a user would see turned around: what is
// excluded stays excluded, and nothing else is.
func TestNegationEdges(t *testing.T) {
	runEdgeCases(t, []edgeCase{
		// "不是 X 的 Y 博主": X is excluded, Y (the head) is wanted.
		{"帮我找不是美国的露营博主", ShapeNatural, []string{
			`hard country not_in [US] applied @不是美国的`, `hard category eq "outdoor" applied @露营`}, nil},
		{"不是美国的", ShapeNatural, []string{`hard country not_in [US] applied @不是美国的`}, nil},
		{"camping creators not from the US", ShapeNatural, []string{
			`hard category eq "outdoor" applied @camping`, `hard country not_in [US] applied @not from the US`}, nil},
		{"find camping creators not based in the US", ShapeNatural, []string{
			`hard category eq "outdoor" applied @camping`, `hard country not_in [US] applied @not based in the US`}, nil},
		// "非 X 类的 Y 博主": the 的 closes the exclusion.
		{"非游戏类的美国博主", ShapeNatural, []string{
			`hard category not_in [gaming] applied @非游戏`, `hard country eq "US" applied @美国`}, nil},
		{"非美国的英语博主", ShapeNatural, []string{
			`hard country not_in [US] applied @非美国的`, `hard language eq "en" applied @英语`}, nil},
		{"不要做游戏的美国博主", ShapeNatural, []string{
			`hard category not_in [gaming] applied @不要做游戏`, `hard country eq "US" applied @美国`}, nil},
		// a 的 before a creator noun, a separator or the end keeps the object.
		{"不要游戏的博主", ShapeNatural, []string{`hard category not_in [gaming] applied @不要游戏`}, nil},
		{"不要美国的，粉丝1w+", ShapeNatural, []string{
			`hard country not_in [US] applied @不要美国的`, `hard followers gte 10000 applied @粉丝1w+`}, nil},
		// an excluded content form with no category before it is an excluded
		// keyword, never dropped.
		{"帮我找美国的科技博主，粉丝 500万以上，不要评测", ShapeNatural, []string{
			`hard country eq "US" applied @美国的`, `hard category eq "tech" applied @科技`,
			`hard followers gte 5000000 applied @粉丝 500万以上`, `keyword keyword not_contains "评测" applied @不要评测`}, nil},
		{"US tech creators, no reviews", ShapeNatural, []string{
			`hard country eq "US" applied @US`, `hard category eq "tech" applied @tech`,
			`keyword keyword not_contains "reviews" applied @no reviews`}, nil},
		{"美国博主，不要开箱视频", ShapeNatural, []string{
			`hard country eq "US" applied @美国`, `keyword keyword not_contains "开箱" applied @不要开箱`}, nil},
		// after a category the form is its own ("游戏评测" is gaming).
		{"不要游戏评测", ShapeNatural, []string{`hard category not_in [gaming] applied @不要游戏评测`}, nil},
		// an excluded word for a category wanted under another word is an
		// excluded keyword: the category stays wanted.
		{"帮我找美国的户外博主，不要露营", ShapeNatural, []string{
			`hard country eq "US" applied @美国的`, `hard category eq "outdoor" applied @户外`,
			`keyword keyword not_contains "露营" applied @不要露营`}, nil},
		{"outdoor creators in the US, no camping", ShapeNatural, []string{
			`hard category eq "outdoor" applied @outdoor`, `hard country eq "US" applied @US`,
			`keyword keyword not_contains "camping" applied @no camping`}, nil},
		{"户外博主，最好不要露营", ShapeNatural, []string{
			`hard category eq "outdoor" applied @户外`, `soft preference avoid "露营" reference @最好不要露营`}, nil},
		// the same word wanted and excluded is still a conflict.
		{"户外博主，不要户外", ShapeNatural, []string{
			`hard category eq "outdoor" pending !conflict @户外`, `hard category not_in [outdoor] pending !conflict @不要户外`}, nil},
		// a request word opening the object is the excluded act.
		{"不要推荐游戏博主", ShapeNatural, []string{`hard category not_in [gaming] applied @不要推荐游戏`}, nil},
		{"别找游戏博主", ShapeNatural, []string{`hard category not_in [gaming] applied @别找游戏`}, nil},
		// a search-engine minus before a vocabulary word or content form excludes
		// it; a range and an unknown word keep the dash (as "-Sony a7 iv").
		{"-gaming", ShapeNatural, []string{`hard category not_in [gaming] applied @-gaming`}, nil},
		{"find creators -gaming", ShapeNatural, []string{`hard category not_in [gaming] applied @-gaming`}, nil},
		{"美国 -游戏", ShapeNatural, []string{`hard country eq "US" applied @美国`, `hard category not_in [gaming] applied @-游戏`}, nil},
		{"US tech -reviews", ShapeNatural, []string{
			`hard country eq "US" applied @US`, `hard category eq "tech" applied @tech`,
			`keyword keyword not_contains "reviews" applied @-reviews`}, nil},
		{"5k -20k", ShapeNatural, []string{`hard followers between 5000..20000 applied !field_assumed @5k -20k`}, nil},
		{"t-shirt", ShapeKeyword, []string{`keyword keyword contains "t-shirt" applied @t-shirt`}, nil},
		// "除了 X 都行" is anything but X, whatever "另外/also" comes next.
		{"除了美国都行，另外要英语的", ShapeNatural, []string{
			`hard country not_in [US] applied @除了美国`, `hard language eq "en" applied @英语`}, nil},
		{"除了游戏都可以，也要最近活跃", ShapeNatural, []string{
			`hard category not_in [gaming] applied @除了游戏`, `hard last_active within_days 30 applied @最近活跃`}, nil},
		{"除了美国，还要加拿大的博主", ShapeNatural, []string{`hard country in [US,CA] applied !added @美国 @加拿大`}, nil},
		// a vague amount yields to the vocabulary word it would cut.
		{"不要太高端", ShapeNatural, []string{`soft preference avoid "premium" reference @不要太高端`}, nil},
		{"美妆博主，不要太高端", ShapeNatural, []string{
			`hard category eq "beauty" applied @美妆`, `soft preference avoid "premium" reference @不要太高端`}, nil},
		{"not too high-end", ShapeNatural, []string{`soft preference avoid "premium" reference @not too high-end`}, nil},
		{"粉丝不要太高", ShapeNatural, nil, []string{"粉丝不要太高 (vague)"}},
	})
}
