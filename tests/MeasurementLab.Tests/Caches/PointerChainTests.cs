using MeasurementLab.Caches;

namespace MeasurementLab.Tests.Caches;

/// <summary>The sweep's chain: one cycle through every line, so no load is skipped and none repeats early.</summary>
public class PointerChainTests
{
    [Theory]
    [InlineData(2)]
    [InlineData(3)]
    [InlineData(64)]
    [InlineData(1000)]
    [InlineData(4096)]
    public void A_built_chain_is_a_single_cycle_through_every_line(int lines)
    {
        var chain = new PointerChain(4096L * PointerChain.LineBytes);
        chain.Shuffle(new Random(LabSeed.Value));

        chain.Build(lines);

        CycleFrom(chain, 0).Order().Should().Equal(Enumerable.Range(0, lines), "the walk from line 0 must visit every line once before it returns");
    }

    [Fact]
    public void Every_smaller_build_from_the_same_shuffle_is_a_single_cycle_too()
    {
        var chain = new PointerChain(2048L * PointerChain.LineBytes);
        chain.Shuffle(new Random(7));

        foreach (int lines in new[] { 2048, 1723, 1024, 300, 17, 2 })
        {
            chain.Build(lines);
            CycleFrom(chain, 0).Order().Should().Equal(Enumerable.Range(0, lines));
        }
    }

    [Fact]
    public void The_order_is_not_sequential()
    {
        var chain = new PointerChain(1024L * PointerChain.LineBytes);
        chain.Shuffle(new Random(LabSeed.Value));
        chain.Build(1024);

        int neighbours = Enumerable.Range(0, 1024).Count(line => Math.Abs(chain.Next(line) - line) == 1);

        neighbours.Should().BeLessThan(20, "a prefetcher must not find a stride to follow");
    }

    [Fact]
    public void Chasing_follows_the_links()
    {
        var chain = new PointerChain(256L * PointerChain.LineBytes);
        chain.Shuffle(new Random(3));
        chain.Build(256);

        int slot = chain.Chase(0, 256 + 3);

        slot.Should().Be(chain.Next(chain.Next(chain.Next(0))) * PointerChain.IntsPerLine, "a full cycle returns to the start, then three more steps");
    }

    [Fact]
    public void Building_more_lines_than_the_shuffle_holds_is_refused()
    {
        var chain = new PointerChain(64L * PointerChain.LineBytes);
        FluentActions.Invoking(() => chain.Build(8)).Should().Throw<InvalidOperationException>().WithMessage("*Shuffle*");

        chain.Shuffle(new Random(1));
        chain.Build(16);
        FluentActions.Invoking(() => chain.Build(32)).Should().Throw<InvalidOperationException>().WithMessage("*large to small*");
    }

    [Theory]
    [InlineData(-16)]
    [InlineData(1)]
    [InlineData(16 * 16)]
    public void Chasing_from_a_slot_outside_the_cycle_is_refused(int slot)
    {
        var chain = new PointerChain(64L * PointerChain.LineBytes);
        chain.Shuffle(new Random(1));
        chain.Build(16);

        FluentActions.Invoking(() => chain.Chase(slot, 10)).Should().Throw<ArgumentOutOfRangeException>();
    }

    // Compared sorted (BeEquivalentTo matches element against element, minutes for 4096 lines).
    private static List<int> CycleFrom(PointerChain chain, int start)
    {
        var seen = new List<int> { start };
        for (int line = chain.Next(start); line != start; line = chain.Next(line))
        {
            seen.Add(line);
            seen.Count.Should().BeLessThanOrEqualTo(chain.Lines, "the walk must come back to its start after Lines steps");
        }

        return seen;
    }
}
