using LabStatistics.Tests;
using LabStatistics;
using StatisticsThatMatter.Checklist;

namespace StatisticsThatMatter.Tests.Checklist;

public class PairFinderTests
{
    [Fact]
    public void Pairs_each_candidate_with_the_baseline_of_its_category()
    {
        var (pairs, notes) = PairFinder.Find(BdnReportReader.Load(Fixtures.Quick("EffectSizeDemo")), PairingOptions.None);
        pairs.Select(p => (p.Baseline.Method, p.Candidate.Method)).Should().BeEquivalentTo(
            [("SumArray", "SumSpan"), ("SearchLinear", "SearchBinary")]);
        pairs.Single(p => p.Candidate.Method == "SumSpan").Categories.Should().Equal("SmallEffect");
        notes.Should().BeEmpty();
    }

    [Fact]
    public void A_plain_report_needs_explicit_baselines()
    {
        var report = BdnReportReader.Load(Fixtures.QuickPlainMicroVsMacro);
        FluentActions.Invoking(() => PairFinder.Find(report, PairingOptions.None))
            .Should().Throw<ReportFormatException>().WithMessage("*no baseline*--baseline METHOD*");

        var (pairs, _) = PairFinder.Find(report, new PairingOptions([], [("LookupLinear", "LookupDictionary"), ("PipelineLinear", "PipelineDictionary")]));
        pairs.Select(p => (p.Baseline.Method, p.Candidate.Method)).Should().Equal(
            ("LookupLinear", "LookupDictionary"), ("PipelineLinear", "PipelineDictionary"));
    }

    [Fact]
    public void Two_named_baselines_in_one_group_are_ambiguous_without_categories()
    {
        var report = BdnReportReader.Load(Fixtures.QuickPlainMicroVsMacro);
        FluentActions.Invoking(() => PairFinder.Find(report, new PairingOptions(["LookupLinear", "PipelineLinear"], [])))
            .Should().Throw<ReportFormatException>().WithMessage("*ambiguous*--pair*");
    }

    [Fact]
    public void A_named_baseline_is_compared_with_every_other_method_of_its_group()
    {
        var (pairs, _) = PairFinder.Find(BdnReportReader.Load(Fixtures.BriefLike), new PairingOptions(["Old"], []));
        pairs.Select(p => p.Candidate.Method).Should().Equal("New", "Same", "Failed");
    }

    [Fact]
    public void Names_that_match_nothing_and_reports_without_any_baseline_are_errors()
    {
        FluentActions.Invoking(() => PairFinder.Find(BdnReportReader.Load(Fixtures.BriefLike), new PairingOptions(["Nope"], [])))
            .Should().Throw<ReportFormatException>().WithMessage("*its methods: Old, New, Same, Failed*");
        FluentActions.Invoking(() => PairFinder.Find(BdnReportReader.Load(Fixtures.Malformed("no-baseline-marked.json")), PairingOptions.None))
            .Should().Throw<ReportFormatException>().WithMessage("*no benchmark is marked Baseline = true*");
    }
}
