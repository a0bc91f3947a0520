using HardwareCounters.Standalone;
using MeasurementLab;

namespace HardwareCounters.Tests;

public class StandaloneRunnerTests
{
    [Fact]
    public void N_with_defaults()
    {
        var options = StandaloneCommand.Parse(AccessMode.Random, ["8_000_000"]);

        options.Should().Be(new StandaloneOptions(AccessMode.Random, 8_000_000, StandaloneCommand.DefaultSeconds, null, null, null));
    }

    [Fact]
    public void All_options()
    {
        var options = StandaloneCommand.Parse(AccessMode.Sequential, ["1000", "--passes", "7", "--perf-ctl", "/x/ctl", "--perf-ack=/x/ack"]);

        options.Passes.Should().Be(7);
        options.ControlFifo.Should().Be("/x/ctl");
        options.AckFifo.Should().Be("/x/ack");
    }

    [Theory]
    [InlineData(new string[0], "N is required")]
    [InlineData(new[] { "abc" }, "N needs a whole number; got 'abc'")]
    [InlineData(new[] { "0" }, "N must be at least 1 and at most 268435456; got 0")]
    [InlineData(new[] { "-5" }, "N must be at least 1")]
    [InlineData(new[] { "300000000" }, "at most 268435456")]
    [InlineData(new[] { "1000", "2000" }, "Unexpected argument: 2000")]
    [InlineData(new[] { "1000", "--frobnicate" }, "Unknown option: --frobnicate")]
    [InlineData(new[] { "1000", "--seconds", "0" }, "--seconds must be a number greater than 0")]
    [InlineData(new[] { "1000", "--seconds", "soon" }, "got 'soon'")]
    [InlineData(new[] { "1000", "--seconds", "1", "--passes", "2" }, "either --seconds or --passes")]
    [InlineData(new[] { "1000", "--passes", "0" }, "--passes must be at least 1")]
    [InlineData(new[] { "1000", "--perf-ctl", "/x" }, "--perf-ctl and --perf-ack go together")]
    public void Bad_arguments_say_what_is_wrong(string[] args, string message) =>
        FluentActions.Invoking(() => StandaloneCommand.Parse(AccessMode.Random, args))
            .Should().Throw<UsageException>().WithMessage($"*{message}*");

    [Theory]
    [InlineData(AccessMode.Sequential)]
    [InlineData(AccessMode.Random)]
    public void A_fixed_number_of_passes_reports_the_same_sum_in_both_modes(AccessMode mode)
    {
        var output = new StringWriter();

        int exit = StandaloneRunner.Execute(new StandaloneOptions(mode, 5000, 1, Passes: 3, null, null), output);

        exit.Should().Be(0);
        string result = output.ToString().Split('\n').Single(l => l.StartsWith("result ", StringComparison.Ordinal));
        result.Should().Contain($"mode={mode.ToString().ToLowerInvariant()} n=5000 passes=3 ")
            .And.Contain($"sum={AccessData.Create(5000).Values.Sum()}");
        output.ToString().Should().Contain($"pid={Environment.ProcessId}");
    }

    [Fact]
    public void The_sequential_runner_builds_no_permutation_but_the_same_values()
    {
        var sequential = StandaloneRunner.Build(AccessMode.Sequential, 1000, LabSeed.Value);
        var random = StandaloneRunner.Build(AccessMode.Random, 1000, LabSeed.Value);

        sequential.SumSequential().Should().Be(random.SumRandom());
        sequential.N.Should().Be(1000);
    }

    [Fact]
    public void Usage_names_the_mode_and_its_options()
    {
        StandaloneCommand.Usage(AccessMode.Random).Should().Contain("perf-random N").And.Contain("--perf-ctl").And.Contain("SumRandom");
        StandaloneCommand.SequentialCommand.Name.Should().Be("perf-sequential");
        StandaloneCommand.RandomCommand.Name.Should().Be("perf-random");
    }
}
