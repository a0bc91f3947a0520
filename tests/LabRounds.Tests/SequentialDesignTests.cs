using LabRounds;
using Xunit.Abstractions;

namespace LabRounds.Tests;

/// <summary>
/// Why the confidence sequence looks at a grid of round counts: against one look per round (each calibrated to the same
/// 5%), it is narrower at every count a run reaches. The table it prints is investigations/sequential-design's.
/// </summary>
public class SequentialDesignTests(ITestOutputHelper output)
{
    private const int Sequences = 20_000;

    [Fact]
    public void Looks_on_a_grid_cost_less_width_than_a_look_after_every_round()
    {
        int[] everyRound = [.. Enumerable.Range(2, RoundLimits.Max - 1)];
        double gridMiss = SequentialSimulation.Calibrate(0.05, Sequences, 101);
        double everyMiss = SequentialSimulation.Calibrate(0.05, Sequences, 101, everyRound);
        double Width(double miss, int n) => LabStatistics.StudentT.Quantile(1 - miss / 2, n - 1) / Math.Sqrt(n);

        output.WriteLine("| rounds | fixed 95% (not valid when looked at again) | a look every round | looks at 3, 5, 8, 12, 18, 27, 40 |");
        output.WriteLine("|---:|---:|---:|---:|");
        foreach (int n in ConfidenceSequence.Looks)
        {
            output.WriteLine($"| {n} | {Width(0.05, n):0.00} | {Width(everyMiss, n):0.00} | {Width(gridMiss, n):0.00} |");
            Width(gridMiss, n).Should().BeLessThan(Width(everyMiss, n), $"at {n} rounds");
            Width(gridMiss, n).Should().BeGreaterThan(Width(0.05, n), "validity under looks costs some width");
        }

        output.WriteLine($"nominal miss per look: grid {gridMiss:0.0000}, every round {everyMiss:0.0000} ({Sequences:N0} sequences, seed 101)");
        ConfidenceSequence.NominalMiss.Should().BeApproximately(gridMiss, 0.001, "the shipped level is this calibration's, with more sequences");
    }
}
