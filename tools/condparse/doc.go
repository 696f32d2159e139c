// Package condparse turns the text a user submits in the search box into a
// query shape (spec 3.7.1) and a list of structured conditions for the
// Condition Graph (spec 2.3), in the parse order of spec 3.7.2: anchor,
// hard filters, soft intent, as-is structuring. It is deterministic and pure:
// no I/O, no clock, no global mutable state. Chinese and English (and mixed
// zh/en) input are both first-class.
//
// # Shapes (Classify)
//
// The input is scanned once into signals:
//
//   - anchor: an http(s) URL, a bare platform link with a path
//     ("youtube.com/@x", "youtu.be/x"), or an @handle;
//   - condition: an explicit condition fragment — platform, country or
//     region, language, follower or average-view count, activity window,
//     exclusion, soft preference, creator tier (spec 3.7.1: "美国", "1w+",
//     "最近活跃");
//   - keyword: words no rule consumed and that are not filler ("帮我找",
//     "红人", "creators", "with", "的"), and quoted phrases. Category words
//     ("汽配", "tech") count as keywords for classification only when they
//     stand alone: a category is topical, like a keyword, so "汽配评测" stays
//     a keyword search;
//   - sentence: a request phrase ("帮我找", "有没有", "find me", "looking
//     for"), a descriptive "…的博主 / …的红人" phrase, a relative clause after
//     a creator noun ("creators who …"), or a long unparsed clause.
//
// The shape is then, first rule that holds:
//
//  1. anchor only (nothing else but filler) → url;
//  2. anchor plus anything else → mixed;
//  3. neither condition nor sentence → keyword (also for empty input);
//  4. keyword plus condition or sentence → mixed;
//  5. otherwise (condition or sentence, no keyword) → natural.
//
// So "swim vest", "汽配评测" and "Hollyland 麦克风" are keyword (classic mode
// is never hijacked, spec 3.3); "帮我找美国做汽配评测、最近活跃、粉丝 5k-20k
// 的 YouTube 红人" and "find tech reviewers in Germany with over 100k
// subscribers" are natural; "Hollyland 麦克风，美国，IG，粉丝 1w+，均播 3000+"
// and URL + anything are mixed. Condition fragments alone ("美国 1w+") are
// natural: they are a terse natural-language request. Parse(text).Shape always
// equals Classify(text); options never change the shape.
//
// # Conditions
//
// Every Condition has a kind (anchor, keyword, hard, soft, derived), a field,
// an op, a typed Value, a source, a status (applied, reference, pending), a
// priority (P0 anchor, P1 hard and keyword, P2 soft, P3 derived) and the byte
// span of the input it came from. Ops and the JSON form of their values:
//
//	eq                a string code ("US", "youtube") or URL/handle/channel id
//	in, not_in        an array of string codes (["US","CA"]); exclusions are
//	                  always not_in, even for one code
//	neq               never produced here (declared for manual conditions)
//	gte, lte          an integer (10000)
//	between           {"min": 5000, "max": 20000}
//	within_days       an integer number of days (30)
//	contains          a keyword (string); not_contains for excluded keywords
//	prefer, avoid     a soft preference code ("premium") or excluded text
//
// Decisions, documented once here:
//
//   - Keyword shape: conditions are only keywords, one per segment of the
//     input as typed (segments split at commas, 、, ;, | and line breaks, and
//     at whitespace next to a CJK character). Creator nouns and request words
//     at the edges of a segment ("美妆博主" → "美妆", "tech youtuber" →
//     "tech"), filler words next to the topic ("科技类", "搞笑视频", "finance
//     content") and segments that are pure filler go to the remainder;
//     CJK vocabulary words run together are one keyword each ("户外露营" →
//     "户外", "露营"). Category words stay keywords in this shape. Person
//     nouns in the creator noun's place ("yoga teachers", "finance bros",
//     "健身教练") are creator nouns. The agent commits these keywords, not
//     the text, as a keyword-only input's tags (issue 26).
//   - Bounds, sorts and windows said the way briefs say them (issue 26):
//     过/破/超 before a number is a lower bound; a bound noun (minimum,
//     floor, bar, cap, ceiling, 下限, 门槛, 上限) names the bound of a number
//     a few words on ("bump the minimum up to 80k", "下限，五万"); a measure
//     at its most sorts by it ("互动率最高的", "with the most views") unless
//     a number follows ("最多五万" is a bound), as does 按 + measure + 排
//     however the measure is lexed; a marked window that is a clause of its
//     own bounds activity ("按最新排，半个月内的"), as does inactivity with a
//     window ("inactive for more than 2 months"); a demonym that ends its
//     clause is a language ("no Spanish"), as is one right after a country
//     name ("Brazil portuguese"). A spelled count may end in k ("a hundred
//     k"); a figure with thousands separators is a count's figure after a
//     bound word ("cap it at 150,000"); a figure set on "it" or after an
//     edit verb ("raise it to 25k", "改成两万五") carries issue
//     "held_bound": the agent moves the bound the search holds; a bound
//     named by its noun ("raise the floor to 100k", "粉丝下限调到十万")
//     carries "named_bound": the agent sets that end of the count the
//     search holds and keeps the other. An
//     exclusion word ending its clause excludes what comes before it
//     ("游戏的都不要", "gaming excluded"); an excluded inactivity word keeps
//     the active ("断更的都不要" → the default activity window); a posting
//     frequency bounds activity by its period ("posting weekly", "周更"),
//     a counted one too ("posts 3 times a week", "每周更新两次以上"), the
//     count named as not filtered; an upper bound of one ("no
//     more than twice a month") is named as a measure the catalog lacks;
//     a measure before a priority word sorts ("最近活跃的优先").
//   - Other shapes: categories, countries, languages and platforms become
//     hard filters; unconsumed words become keywords (scope "tags", spec
//     3.4.1D). A category word glued to an unknown word ("gaming headset",
//     "游戏耳机") stays inside the keyword.
//   - Only what the user marks filters (issue 26): when the input has a
//     sentence signal (a request, a 的-description or a creator noun with
//     words before it and a condition, a relative clause, a hedge, a style
//     marker, the brief's frame: 合作, 投放, "we're a … brand", a cue) an
//     unconsumed word is a ranking term — a keyword with status reference,
//     priority 2 and issue "ranking_term", which orders results and never
//     removes one — unless it is quoted, follows a cue ("包含", "关键词",
//     "must mention"; "in the title" after it gives scope name), or is a
//     list item of its own ("找美国博主，Hollyland 麦克风"). A single stray
//     CJK rune is no term (Remainder); a one-rune word said whole as the
//     topic, before 的 or a topic suffix ("只看猫的", "猫相关的"), is one.
//     Terse input with no sentence signal ("Sony A9 评测, 日本") keeps its
//     words as keywords; a description whose creator noun is left out, as
//     a follow-up says it ("who do product reviews", "mostly lipstick
//     swatches", "主要做口红试色的", "只要真人出镜的"), is a sentence. Style markers
//     ("风格", "vibe") and a brand frame turn the category words they
//     qualify into ranking terms ("风格搞笑" ranks by 搞笑). Frame words
//     the reading leaves out are listed in Result.Dropped.
//   - Subtopics (taxonomy.Synonyms groups marked Sub: "烘焙", "耳机",
//     "枪械"): in a sentence a subtopic word is its category (weak) plus a
//     ranking term of the word, the category dropped when the user named
//     one in words of their own; a teaching or review form after it
//     ("教学", "测评") belongs to it. Excluded, it is an excluded keyword.
//     Glued to an unknown word or a word of another category ("游戏耳机")
//     it stays inside the keyword; in terse input it is a keyword as
//     typed, unless the input names its category beside it ("印尼 美食
//     探店 10万以内": food, 探店 ranks), as a content format beside a
//     named category ranks ("韩国 美妆 教程 1w+"); terse input stays
//     terse however many condition fields it holds (rule_terse.go). Residue that reads as an unparsed
//     clause (a clause with more than 6 Latin words or 12 CJK runes of
//     residue, or one keyword longer than 5 words / 12 runes), residue next
//     to an unsupported condition (budget, price, percentages), bare numbers,
//     and condition words no rule could use ("粉丝" with no number) go to
//     Remainder for the agent's model-backed parser; nothing is silently
//     dropped. Quantities ("10 个", "5 creators", "need 10 tech youtubers",
//     "just show me 10", "前10个") are filler, not filters: the first is
//     Result.Quantity, a result count the box names.
//   - Decomposition (issue 26 item 2): when no category was read, the
//     topic words inside the ranking terms (category names and
//     taxonomy.Synonyms words, longest match, whole words in Latin; a
//     subtopic word anywhere in a term, a category word only as its head:
//     "街头美食" yes, "gaming headset" no) that name exactly one category
//     give it, weak, and the term still ranks ("宝宝辅食" → family).
//   - Additions and removals: a wanted value in a clause with an additive
//     word ("也", "再加上", "also", "add") carries IssueAdded (a follow-up
//     adds it to the values held); "forget X" is IssueRemoved (the value
//     leaves the filter); "不要 X 以外的" is an inclusion (IssueNothingBut).
//   - Residue is never silently a hard keyword (seed 002 §3.7.5): an edit
//     verb ("把", "改成", "换成", "change … to", "switch to") is a sentence
//     signal and filler around the condition it edits ("把粉丝改成 5 万以上"
//     is followers ≥ 50000, "换成科技博主" the category tech); a sort request
//     ("按粉丝排序", "sort by views") and a vague amount ("粉丝不太多", "not
//     too many followers") come back whole in Remainder with Role "sort" or
//     "vague" (the agent says sorting is not offered, or asks for a number);
//     "feel like real recommendations" is the soft preference authentic.
//     A single edit or sort rune inside an unknown word ("把手", "按摩") and
//     a Latin edit verb not at a clause start ("drum set") stay keyword
//     material.
//   - Exclusions ("不要游戏", "exclude gaming", "no gaming", "除了游戏以外"):
//     a vocabulary word becomes a hard not_in filter on its field (category,
//     country, language); anything else an excluded keyword (op
//     not_contains, excluded true). "除了 X 还/也…" is an inclusion, not an
//     exclusion. Hedged exclusions ("最好不要", "尽量别", "preferably no")
//     are soft preferences (op avoid, status reference). A 的 followed by a
//     content word closes the object ("不是美国的露营博主" excludes only the
//     United States); a content form alone ("不要评测") and a word for a
//     category wanted under another word ("户外博主，不要露营") are excluded
//     keywords; "除了 X 都行" is an exclusion whatever follows; a "-" stuck to
//     a vocabulary word ("-gaming") is an exclusion word.
//   - Audit 21 (issue 26): an exclusion of creators who worked with
//     someone excludes the partner, its frame dropped ("不要已经接过小佩的",
//     "skip anyone who works with Pandora", "not anyone already doing
//     Samsonite promos" → 小佩, Pandora, Samsonite; partnerFrame); "drop the
//     X ones" excludes X. An audience description ("受众是X", "their
//     audience is mostly X") ranks X, the ask ("让他们带一下", "could
//     feature our", the verb before "our") and acceptance tails ("totally
//     fine", "after all") are frame, and the advertiser's product after
//     "our"/"我们的" ranks even when it is a category word. A misspelt
//     count word right after a number is the count ("subsribers"). A
//     content format (tutorials, vlog, ASMR, GRWM, unboxing) that a
//     taxonomy alias reads as a category ranks instead beside another
//     category, under a hedge or beside the advertiser's product
//     (formCategories); alone it stays the category. A measure said as a
//     verb or adjective in a clause that puts something first sorts ("the
//     ones people engage with first", "谁互动高谁排前面"). A Chinese range
//     whose unit is said once on its upper end is a range ("一到十万"). An
//     add verb ("也加上", "add") makes the input a request. An unknown
//     Chinese word is kept whole rather than cut into a known word and a
//     leftover rune (keepCompounds: "扫地机器人", "学生党", "宠物用品",
//     "游戏本", "儿童电话手表").
//   - Audit 22 (issue 26): "published" is a posting verb like "posted"
//     and takes the window after it (also after "that have"); a month's
//     middle ("since mid-October", "10月中旬以来") counts from its 15th,
//     下旬 from the 21st; a marked window before 有 and a deed that is no
//     activity word ("近30天有带货的") still bounds activity, the deed
//     ranking. until/till join two counts as "to" does ("from 10k until
//     100k"), as does "and up to" after "between". Content forms made
//     from others' videos (reuseForms: 搬运, 混剪, 切片, reaction,
//     compilations, …) are forms; forms run together or listed with a
//     slash are excluded one by one, a 纯 before them is their qualifier
//     ("不要纯搬运混剪号" → 搬运, 混剪), 不接受 / "cannot accept" exclude,
//     and the verb 做 leads into the object ("排除掉做 reaction 的"). A
//     typed slash list (two or more "/" between items) reads a lone
//     capital X item as the platform X and a CJK item that opens with a
//     category word glued to words of its own as that category, the rest
//     ranking ("新闻时政评论" → news, 时政评论); "X上" is on X. A sort word
//     heading a colon item sorts by its value ("Sort: engagement.",
//     "排序：互动"), the measure word no unread text.
//   - Audit 23 (issue 26): the rules read the input with its
//     traditional characters folded to simplified ones (textnorm.Simplify,
//     OpenCC's character table; every rune keeps its byte offset), so
//     "近一個月", "謝謝" and "旅遊" read as their simplified forms do;
//     spans, ranking terms and Result.Input quote the text as typed. A
//     pasted row's label colon is the space it stands for after an
//     exclusion, activity or sort label ("Exclude: crypto", "排除：减肥药",
//     "Last upload: < 30 days", "Sort: avg views desc"), an exclusion
//     row's comma list is one list, a bullet dash before a label ends the
//     row, labelled rows are a brief (their words rank) and a field label
//     is frame; a bare activity word joins the window said with it. ER
//     (ER%, e.r.) is the engagement rate, "high ER" its preference; reach
//     is views; CPM, CPV and the like are measures the catalog lacks
//     (remainder). A list item of hyphenated plain words ("high-school",
//     "eco-friendly") ranks; "for a … audience", "aimed at" are frame. A
//     bare tier word right before a category, subtopic or creator noun is
//     the tier ("micro travel influencers"); a spelled count takes a
//     quarter of a scale. The writer's description of their company
//     ("We're a B2B SaaS company", "我们是一家跨境支付公司", "敝公司為家電
//     品牌") is frame up to the company noun; "我们(是)做 X 的" keeps X as
//     the advertiser's product. A hedge said after what it qualifies (优先,
//     为佳, preferred) softens it and every item listed with it.
//   - Audit 24 (issue 26, classes F, H, I): a platform said with its
//     creator noun ("X accounts", "youtubers") before a preposition
//     describes the creators, so the words it leaves rank. A teaching
//     form said with a category or subtopic ("makeup tutorials", "美妆教
//     程") and a person noun of a trade right after one ("pet groomers",
//     "宠物美容师", lexEntry.kind) rank as one term beside the category (a
//     subtopic keeps its own term too); review forms stay the category's
//     own name. "get rid of the X requirement" and 去掉X这个要求 remove X
//     also after a sort clause; a window after "make it"/"change it to"
//     ("…instead") is the new window; a figure said acceptable too
//     ("十万也行", "80k is fine too") is an upper end marked accepted
//     (IssueAccepted), and a value with 也可以/也行 right after it is
//     added. Dictated clauses: an exclusion word glued to 的 before a
//     space closes its clause ("吃播的不要 要…"), its object ends at 那种
//     after an example ("第二个那种…"), a one-rune content verb (拍, 玩)
//     before a category is frame, and a content format read alone as its
//     category is marked (IssueFormat) so a follow-up ranks it beside the
//     category held.
//   - Audit 26 (issue 26, helper z): a range's unit said once at its end
//     is both ends' unit, the lower end spelled out ("ten to fifty
//     thousand subs", "one to five hundred thousand" = 100k–500k) or
//     the unit letter apart from its number where a count is meant
//     ("between 5 and 20 k", "over 5 k subs"; "a 5 k race" stays as
//     typed: rule_spelled.go); a count said by its number of digits
//     ("six figures", "a five-figure following", "low six figures",
//     七位数) is that span (number.ScanFigures), and "of" or
//     "following" after a count is its count word. Regions and their
//     abbreviations are taxonomy.Regions (MENA is the Middle East and
//     North Africa, without Turkey); an abbreviation that spells a word
//     in lower case is the region only in capitals ("SEA", "sea
//     fishing"). Where the audience lives, its language, gender or age
//     ("粉丝主要在德国", "受众以女性为主", "whose viewers are mostly in
//     Japan", "a mostly male audience") is no fact about the creator and
//     the catalog records no audience: no condition comes of it, it is
//     Remainder with Role "audience" and the box names it
//     (rule_audience.go); an audience of a kind of people still ranks,
//     and gives no category. A one-rune category name said as a word of
//     its own ("日本 宠物 猫 账号", "猫博主") is a subtopic of its category
//     (rule_lonerune.go); a rate the catalog lacks ("爆款率高的", "完播率
//     30%以上", "a high conversion rate") is Remainder with Role "measure",
//     never a ranking term or a guessed preference (rule_measures.go);
//     parents named as the creators ("mum bloggers", "UK mums", 宝妈博主)
//     are family (weak) and rank by the word, unless a topic comes right
//     before them ("dog moms", "plant parents") or they describe the
//     audience (rule_parents.go).
//   - Audit 27 (issue 26, helper x; rule_talk.go, rule_script.go): talk
//     about the search never filters. A question ("?", a final 吗/呢, a
//     question word: why, 为什么, 哪个) is a sentence whose clauses are no
//     list items; question words and words pointing at the results
//     ("of these", 这些里面) are frame. In a follow-up (WithFollowup) a
//     count said of a result shown ("it has way more than 300k", 这个粉丝
//     明显不止三十万) or a question why one is there is Remainder with
//     Role "remark", never a bound. A one-sided count said acceptable too
//     ("订阅不到5000也没关系", "fine if they have under 3k") and, in a
//     first search, a size without a figure said so ("粉丝少点没关系") are
//     Role "accepted": a permission, never a cap. Stage wording
//     ("established", 刚起步) is Role "stage", and so is growth wording
//     ("rising stars", 新锐, 潜力股), which also ranks as the growth
//     preference. Brand-safety wording ("clean language", 正能量) is the
//     brand_safe preference; a script (taxonomy.Scripts: 繁体) is its
//     language, labelled as not filtered; captions or subtitles, with the
//     language said of them, are a trait (Role "trait"); a follow-up's
//     own verbs ("swap to", 切到) are edits. A hedged creator tier is a
//     soft reference, and its lean ("腰部偏下", "or slightly above") moves
//     it half a step. Posting at its most ("who posts most often", 哪个
//     更新最勤) sorts by recent activity.
//   - fixQ (issue 26 items 1–2): a verb of promoting, selling or an ad
//     in a Chinese exclusion ("不要推广X的", "别接X广告的", "不做X宣传的";
//     promoteWords, rule_promote.go) is frame, named, and X is excluded; a
//     gender said as whom the content is for ("女性向", "aimed at women")
//     is an audience wish (rule_audience.go: orientations); intensifiers
//     ("strictly", 严格) are filler; a place before a language or dialect
//     ("European Portuguese", 台湾国语) names its variant in the label and
//     filters no country; "X would work as well" and "happy with X too"
//     add X, hard; a content verb after a posting adverb ("平时发X的",
//     "who mostly film X") is frame (rule_posting.go). The acceptance
//     words live once, acceptWords.
//   - Soft preferences (spec 3.7.5: 高级感, 性价比高, 调性合适, 内容质量高,
//     更像真人推荐, …) are kind soft, field "preference", status reference,
//     never applied as filters. A hedge ("最好", "尽量", "ideally",
//     "preferably") turns the hard condition right after it into a soft one
//     with the same field, op and value: "最好是美国的" is a wish, not a filter.
//   - Creator tiers ("头部", "腰部", "micro-influencers", …) are derived rules
//     (P3, source agent_inferred) on followers; an explicit follower
//     condition wins, and the tier is then kept as reference with issue
//     "overridden".
//   - Counts: "5k-20k", "5K~2W", "1w+", "10万以上", "不超过 5 万", "over
//     100k", "between 10k and 50k", "百万粉", "千粉" (N粉 means N or more). A
//     bare count next to a field word ("粉丝 5万") is gte with issue
//     "op_assumed"; "约 5 万 / around 50k" is ±20% with issue
//     "approximate"; a range or "+"/"以上" count with no field word is taken
//     as followers with issue "field_assumed". Plain numbers without unit,
//     op or field ("iPhone 15", "3000") are never counts.
//   - Contradictions are never silently kept: a reversed range is swapped
//     (issue "range_swapped"); a gte and a lte on one field merge into
//     between; incompatible bounds on one field are all kept with status
//     pending and issue "conflict". Repeated vocabulary values on one field
//     merge into one "in" condition (more spans in MoreSpans). Two platforms
//     are pending ("multiple_platforms", spec 1: one platform per search); a
//     platform other than WithPlatform's is pending ("platform_mismatch",
//     spec 3.7.6). Only the first anchor is applied; later ones are pending
//     ("multiple_anchors").
//   - Activity: "最近活跃" / "recently active" mean within 30 days (see
//     WithRecentDays); explicit windows ("近一周", "past 2 weeks", "半年内")
//     are converted to days (week 7, month 30, year 365).
//   - Channel names are recognised only through WithChannelNames and only
//     outside keyword shape. An accepted name is claimed before every other
//     rule (P0): "Sony Music India" is one anchor, not a keyword plus India.
//     A name that is a single vocabulary word ("YouTube", "Canada") or that
//     does not match whole words stays ordinary text. The shape is the
//     name-free one (Parse and Classify agree); Signals describe the parse.
//
// Input longer than MaxInputLen bytes fails with ErrTooLong; invalid UTF-8
// fails with ErrInvalidUTF8. Control characters and symbols (emoji) act as
// separators. Spans are byte offsets into the original input, always on rune
// boundaries.
package condparse
