package condparse

import (
	"strings"
)

// templateRows reads a template brief's labelled rows ("Client: SunCrest
// Solar / Market: Australia / Budget: TBD", "客户：绿野户外\n预算：待定")
// as the form they are (audit 33, class S3):
//
//   - a row whose label names the brief's frame (frameLabels: the client,
//     the brand, the budget, the timeline) is frame as a whole: its
//     label and value are named in Result.Dropped, and a condition read
//     inside it is dropped ("Brand: Peakline Outdoor" asks for no outdoor
//     category);
//   - a row whose value is a placeholder ("TBD", "N/A", "-", "待定",
//     "暂无", "无") says nothing: the value is dropped and named, never a
//     keyword;
//   - the label of any such row, or of a template label (templateLabels:
//     "Target", "Must", "目标"), is frame, never a keyword.
//
// The "Avoid:"/"排除：" rows are exclusions by labelColons and the
// exclusion words; "Nice to have:" ranks by the hedge it is.
func (st *state) templateRows() {
	norm := st.t.norm
	for i := range norm {
		s, label, ok := rowLabel(norm, i)
		if !ok {
			continue
		}
		e := i + 1
		for e < len(norm) && !isRowSep(norm, e) || e < len(norm) && norm[e] == ',' && frameLabels[label] && !nextLabelled(norm, e) {
			e++
		}
		frame := frameLabels[label]
		placeholder := placeholderValues[strings.ToLower(strings.Trim(string(norm[i+1:e]), " \u3000\t.。"))]
		if !frame && !placeholder && !templateLabels[label] {
			continue
		}
		from, to := s, i // the label
		if frame || placeholder {
			to = e // and its value
		}
		for k := range st.toks {
			tk := &st.toks[k]
			if tk.s < from || tk.e > to || tk.kind == tkSpace || tk.kind == tkPunct {
				continue
			}
			if tk.role == roleCond && (frame || placeholder) && tk.s > i {
				if c := st.tokCond[k]; c > 0 {
					st.conds[c-1].dropped = true
				}
				st.tokCond[k] = 0
			} else if tk.role == roleCond {
				continue
			}
			tk.role, tk.frameWord = roleFiller, true
		}
		st.sig.Sentence = true
	}
}

// nextLabelled reports whether the list item after the comma at rune i
// opens a labelled row of its own ("…, Market: UK").
func nextLabelled(norm []rune, i int) bool {
	for k := i + 1; k < len(norm); k++ {
		switch norm[k] {
		case ':', '：':
			return true
		case ',', '，', ';', '；', '\n', '|':
			return false
		}
	}
	return false
}

// frameLabels head a template row about the brief itself, never about
// the creators: whose campaign it is, its money and its dates.
var frameLabels = map[string]bool{"client": true, "brand": true, "advertiser": true, "company": true, "customer": true,
	"account": true, "budget": true, "budget range": true, "timeline": true, "timing": true, "deadline": true, "due": true,
	"due date": true, "launch": true, "launch date": true, "fee": true, "fees": true, "rate": true, "rates": true,
	"campaign": true, "campaign name": true, "project": true, "project name": true,
	"客户": true, "品牌": true, "品牌方": true, "甲方": true, "公司": true, "广告主": true, "预算": true, "档期": true,
	"排期": true, "时间": true, "时间线": true, "截止": true, "截止日期": true, "上线时间": true, "报价": true, "费用": true,
	"项目": true, "项目名": true, "项目名称": true}

// templateLabels are a template's row labels whose value says what is
// asked (the value is read as it is); the label is frame.
var templateLabels = map[string]bool{"target": true, "targets": true, "goal": true, "goals": true, "objective": true,
	"brief": true, "ask": true, "looking for": true, "must": true, "must have": true, "must-have": true, "must haves": true,
	"must-haves": true, "requirements": true, "requirement": true, "required": true, "nice to have": true,
	"nice-to-have": true, "nice to haves": true, "bonus": true, "plus": true, "preferred": true, "size": true,
	"目标": true, "需求": true, "要求": true, "必须": true, "硬性要求": true, "必要条件": true, "加分项": true, "加分": true,
	"加分条件": true, "优先": true, "最好有": true, "规模": true}

// placeholderValues fill a template row with nothing yet: the row says
// nothing of the creators.
var placeholderValues = map[string]bool{"tbd": true, "tbc": true, "tba": true, "n/a": true, "na": true, "n.a": true,
	"none": true, "nil": true, "-": true, "--": true, "—": true, "–": true, "?": true, "??": true, "unknown": true,
	"pending": true, "to be confirmed": true, "to be decided": true, "待定": true, "暂无": true, "无": true, "未定": true,
	"待确认": true, "待议": true, "不详": true, "暂定": true, "未知": true, "待补充": true, "/": true}
