using LabReport.Ab;
using MeasurementLab;

namespace LabReport.Tests.Ab;

/// <summary>The CPUs of a duet: read from the affinity list, the two highest, swapped every round.</summary>
public class DuetPinningTests
{
    [Theory]
    [InlineData("0-1", new[] { 0, 1 })]
    [InlineData("0-3,6,8-9", new[] { 0, 1, 2, 3, 6, 8, 9 })]
    [InlineData("5", new[] { 5 })]
    [InlineData("", new int[0])]
    [InlineData(null, new int[0])]
    [InlineData("0-x", new int[0])]
    public void The_kernels_cpu_lists_are_read(string? list, int[] expected) =>
        DuetPinning.Parse(list).Should().Equal(expected);

    [Theory]
    [InlineData("0-1", 0, 1)]
    [InlineData("0-3", 2, 3)]
    [InlineData("1,4", 1, 4)]
    public void The_pair_is_the_two_highest_allowed_cpus(string list, int first, int second) =>
        DuetPinning.Pair(list).Should().Be((first, second));

    [Theory]
    [InlineData("0", "may run on 1 (0)")]
    [InlineData(null, "may run on unknown")]
    public void One_cpu_is_a_usage_error(string? list, string detail) =>
        FluentActions.Invoking(() => DuetPinning.Pair(list)).Should().Throw<UsageException>().WithMessage($"--duet needs 2 CPUs*{detail}*");

    [Fact]
    public void Sides_swap_cpus_every_round() =>
        Enumerable.Range(1, 4).Select(r => DuetPinning.ForRound(r, (2, 3))).Should().Equal((2, 3), (3, 2), (2, 3), (3, 2));
}
