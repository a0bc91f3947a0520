using LabRounds;

namespace LabRounds.Tests;

public class CaseSpecTests
{
    private static readonly Dictionary<string, string> Narrow32 = new() { ["ThreadCount"] = "32", ["Backend"] = "Striped" };

    [Fact]
    public void A_benchmark_case_is_its_class_method_and_the_parameters_that_pick_it()
    {
        var spec = CaseSpec.Parse("WhyBenchmarksLieBenchmark.InsertNarrow(Backend=Striped&ThreadCount=32)");

        spec.IsBenchmark.Should().BeTrue();
        spec.Group.Should().BeEmpty();
        spec.Matches("WhyBenchmarksLie.WhyBenchmarksLieBenchmark", "InsertNarrow", Narrow32).Should().BeTrue();
        spec.Matches("WhyBenchmarksLieBenchmark", "InsertNarrow", new Dictionary<string, string> { ["ThreadCount"] = "1", ["Backend"] = "Striped" }).Should().BeFalse();
        spec.Matches("WhyBenchmarksLieBenchmark", "InsertRealistic", Narrow32).Should().BeFalse();
        spec.Matches("Other", "InsertNarrow", Narrow32).Should().BeFalse();
    }

    [Fact]
    public void A_value_may_hold_a_comma_and_unnamed_parameters_take_any_value()
    {
        var spec = CaseSpec.Parse("DurableBatch.InsertBatchThenSync(Target=StripedTable, 2 threads)");
        spec.Parameters.Should().ContainKey("Target").WhoseValue.Should().Be("StripedTable, 2 threads");
        spec.Matches("DurableBatch", "InsertBatchThenSync", new Dictionary<string, string> { ["Target"] = "StripedTable, 2 threads", ["N"] = "5" }).Should().BeTrue();
        CaseSpec.Parse("WrapperOverhead.LockTable").Matches("WrapperOverhead", "LockTable", new Dictionary<string, string>()).Should().BeTrue();
    }

    [Fact]
    public void A_group_and_a_step_are_read_as_such()
    {
        var grouped = CaseSpec.Parse("five-iterations/NoisyComparison.FilterBranch");
        grouped.Group.Should().Be("five-iterations");
        grouped.Class.Should().Be("NoisyComparison");

        CaseSpec.Parse("noisy-vs-isolated/noisy/E3_OsNoise.InsertBaseline").Group.Should().Be("noisy-vs-isolated/noisy");
        var step = CaseSpec.Parse("step:mark0");
        step.IsBenchmark.Should().BeFalse();
        step.Step.Should().Be("mark0");
    }

    [Theory]
    [InlineData("", "a case is empty")]
    [InlineData("NoMethod", "expected [group/]Class.Method")]
    [InlineData("A.B(N)", "parameter 'N' is not Name=Value")]
    [InlineData("A.B(N=1&N=2)", "is given twice")]
    [InlineData("step:", "a step is step:NAME")]
    public void A_wrong_spec_says_what_is_wrong(string text, string problem)
    {
        CaseSpec.TryParse(text, out _, out string? why).Should().BeFalse();
        why.Should().Contain(problem);
    }
}
