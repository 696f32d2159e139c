package evals

import (
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"strings"

	"searchagent/agent/fsm"
)

// htmlPage is the one self-contained report page: no script, no external
// style or font, so it can be attached to a review or a ticket as it is.
var htmlPage = template.Must(template.New("report").Funcs(template.FuncMap{
	"pct":    func(f float64) string { return fmt.Sprintf("%.1f%%", f*100) },
	"trace":  func(v any) string { b, _ := json.MarshalIndent(v, "", "  "); return string(b) },
	"join":   strings.Join,
	"causes": func(ch Change) []string { return causeList(ch.Causes) },
}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>searchagent eval</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:80em;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left}
th{background:#f3f3f3}.bad{background:#fde2e2}.ok{background:#e6f4ea}pre{background:#f7f7f7;padding:.5em;overflow:auto;max-height:30em}
.grid td{text-align:center;padding:.1em .3em;font-family:monospace}.x{background:#cde8d3}.m{background:#f6c9c9}.e{background:#eee}
h2{margin-top:1.5em;border-bottom:1px solid #ddd}
</style></head><body>
<h1>searchagent eval</h1>
<p>model {{.Rep.Model}}, repeat {{.Rep.Repeat}}, rules {{join .Rep.Rules ", "}}</p>
<h2>Suites</h2>
<table><tr><th>suite</th><th>kind</th><th>cases</th><th>pass</th><th>fail</th><th>skip</th><th>rate</th><th>min</th></tr>
{{range .Rep.Suites}}<tr class="{{if .OK}}ok{{else}}bad{{end}}"><td>{{.Name}}</td><td>{{.Kind}}</td><td>{{.Cases}}</td><td>{{.Passed}}</td><td>{{.Failed}}</td><td>{{.Skipped}}</td><td>{{pct .PassRate}}</td><td>{{pct .MinPass}}</td></tr>
{{end}}</table>
<h2>Failures ({{len .Failures}})</h2>
{{range .Failures}}<h3>{{.Suite}}/{{.ID}}{{if .DecidedBy}} <small>decided by {{.DecidedBy}}</small>{{end}}{{if .Seed}} <small>seed {{.Seed}}</small>{{end}}</h3>
<ul>{{range .Failures}}<li>{{.}}</li>{{end}}</ul>
{{if .Turns}}<details><summary>turns</summary><pre>{{join .Turns "\n"}}</pre></details>{{end}}
{{if .Trace}}<details><summary>trace</summary><pre>{{trace .Trace}}</pre></details>{{end}}
{{end}}
{{if .Base}}<h2>Changes since the baseline ({{len .Changes}})</h2>
{{if .Causes}}<table><tr><th>cause</th><th>cases</th></tr>{{range .Causes}}<tr><td>{{.What}}</td><td>{{len .Cases}}: {{join .Cases ", "}}</td></tr>{{end}}</table>{{end}}
{{range .Changes}}<h3>{{.Case}}: {{.OldStatus}} → {{.NewStatus}}</h3>
{{if ne .OldDecision .NewDecision}}<p>decision <code>{{.OldDecision}}</code> → <code>{{.NewDecision}}</code></p>{{end}}
{{if .Changed}}<pre>{{join .Changed "\n"}}</pre>{{end}}
{{with causes .}}<p>because: {{join . "; "}}</p>{{end}}
{{end}}{{end}}
{{with .Rep.SpecExamples}}<h2>Spec examples</h2><p>{{.Examples}} examples; {{len .Misroute}} do not route to their own spec.</p>
{{if .Misroute}}<ul>{{range .Misroute}}<li class="bad">{{.}}</li>{{end}}</ul>{{end}}{{end}}
{{with .Rep.Confusion}}<h2>Router intents</h2>
<table><tr><th>intent</th><th>support</th><th>precision</th><th>recall</th></tr>
{{range .Intents}}<tr class="{{if and (eq .Precision 1.0) (eq .Recall 1.0)}}ok{{else}}bad{{end}}"><td>{{.Intent}}</td><td>{{.Support}}</td><td>{{.Precision}}</td><td>{{.Recall}}</td></tr>{{end}}</table>
<h3>Confusion (expected × got)</h3>
<table><tr><th>expected \ got</th>{{range .Labels}}<th>{{.}}</th>{{end}}</tr>
{{$c := .}}{{range $want := .Labels}}{{with index $c.Counts $want}}<tr><th>{{$want}}</th>{{$row := .}}{{range $got := $c.Labels}}<td>{{with index $row $got}}{{.}}{{end}}</td>{{end}}</tr>{{end}}{{end}}</table>
{{end}}
{{with .Rep.Branches}}<h2>Router branches (expected × got)</h2>
<table><tr><th>expected \ got</th>{{range .Labels}}{{if ne . "(unstated)"}}<th>{{.}}</th>{{end}}{{end}}</tr>
{{$c := .}}{{range $want := .Labels}}{{with index $c.Counts $want}}<tr><th>{{$want}}</th>{{$row := .}}{{range $got := $c.Labels}}{{if ne $got "(unstated)"}}<td>{{with index $row $got}}{{.}}{{end}}</td>{{end}}{{end}}</tr>{{end}}{{end}}</table>
<table><tr><th>branch</th><th>support</th><th>precision</th><th>recall</th></tr>
{{range .Intents}}<tr class="{{if and (eq .Precision 1.0) (eq .Recall 1.0)}}ok{{else}}bad{{end}}"><td>{{.Intent}}</td><td>{{.Support}}</td><td>{{.Precision}}</td><td>{{.Recall}}</td></tr>{{end}}</table>
{{end}}
{{if .Stages}}<h2>Route cases by deciding stage</h2><table><tr><th>suite</th><th>stage</th><th>cases</th></tr>
{{range .Stages}}<tr><td>{{.Suite}}</td><td>{{.Stage}}</td><td>{{.N}}</td></tr>{{end}}</table>{{end}}
{{with .Rep.Coverage}}{{if .Actions}}<h2>Coverage {{pct .Rate}}</h2>
<p>{{.Exercised}}/{{.Actions}} registry actions exercised, {{len .Cells}}/{{.CellsAllowed}} state × event cells, {{len .Excluded}} excluded with a reason, {{len .Substates}} sub-states seen.</p>
{{if .Missing}}<p>missing actions: {{join .Missing ", "}}</p>{{end}}
{{if .CellsMissing}}<p>missing cells: {{join .CellsMissing ", "}}</p>{{end}}
{{if .Stale}}<p>stale exclusions: {{join .Stale "; "}}</p>{{end}}
{{range .Excluded}}<p>excluded {{.Action}}{{.Cell}}: {{.Reason}} <small>({{.File}})</small></p>{{end}}
{{end}}{{end}}
{{if .Grid.Rows}}<table class="grid"><tr><th></th>{{range .Grid.Events}}<th title="{{.}}">{{.}}</th>{{end}}</tr>
{{range .Grid.Rows}}<tr><th>{{.State}}</th>{{range .Marks}}<td class="{{.}}">{{if eq . "x"}}✓{{else if eq . "m"}}✗{{else if eq . "e"}}e{{end}}</td>{{end}}</tr>{{end}}</table>
<p><small>✓ exercised, ✗ allowed and never exercised, e excluded with a reason, blank: the registry has no row</small></p>{{end}}
</body></html>
`))

type htmlGrid struct {
	Events []string
	Rows   []struct {
		State string
		Marks []string
	}
}

type htmlStage struct {
	Suite, Stage string
	N            int
}

// WriteHTML writes the report as one self-contained HTML page: the
// suites, the failures with their traces, the changes since base (when
// set) with their causes, the router's intent scores and confusion table,
// the expected × got branch table,
// the deciding stages and the coverage grid.
func (rep *Report) WriteHTML(w io.Writer, base *Report) error {
	data := struct {
		Rep      *Report
		Base     *Report
		Failures []CaseResult
		Changes  []Change
		Causes   []Cause
		Stages   []htmlStage
		Grid     htmlGrid
	}{Rep: rep, Base: base}
	for _, c := range rep.Cases {
		if c.Status == StatusFail {
			data.Failures = append(data.Failures, c)
		}
	}
	if base != nil {
		data.Changes = rep.Diff(base)
		data.Causes = causesOf(data.Changes)
	}
	suites, per := rep.stagesBySuite()
	for _, s := range suites {
		for _, st := range sortedKeys(per[s]) {
			data.Stages = append(data.Stages, htmlStage{s, st, per[s][st]})
		}
	}
	if rep.Coverage.Actions > 0 {
		reg := fsm.Default()
		allowed, seen, excluded := map[string]bool{}, map[string]bool{}, map[string]bool{}
		for _, x := range allowedCells(reg) {
			allowed[x] = true
		}
		for _, x := range rep.Coverage.Cells {
			seen[x] = true
		}
		for _, e := range rep.Coverage.Excluded {
			excluded[e.Cell] = e.Cell != ""
		}
		for _, ev := range fsm.UserEvents {
			data.Grid.Events = append(data.Grid.Events, string(ev))
		}
		for _, st := range restingStates(reg) {
			row := struct {
				State string
				Marks []string
			}{State: st}
			for _, ev := range data.Grid.Events {
				cell, mark := cellName(st, ev), ""
				switch {
				case seen[cell]:
					mark = "x"
				case excluded[cell]:
					mark = "e"
				case allowed[cell]:
					mark = "m"
				}
				row.Marks = append(row.Marks, mark)
			}
			data.Grid.Rows = append(data.Grid.Rows, row)
		}
	}
	return htmlPage.Execute(w, data)
}
