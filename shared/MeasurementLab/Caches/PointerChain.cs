using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace MeasurementLab.Caches;

/// <summary>
/// A random cyclic permutation of cache lines stored in an int[]: slot <c>i * IntsPerLine</c> holds the slot of the
/// next line. Following it makes every load depend on the previous one and jump to an unpredictable line, so
/// neither out-of-order execution nor the prefetchers can hide the latency of the level the lines live in.
/// </summary>
public sealed class PointerChain
{
    /// <summary>Bytes per node: one cache line, so each load touches a line no other load touches.</summary>
    public const int LineBytes = 64;

    /// <summary>Ints per line (the stride between two nodes in the array).</summary>
    public const int IntsPerLine = LineBytes / sizeof(int);

    private readonly int[] _slots;
    private int[] _order = [];
    private int _orderCount;

    /// <summary>Allocates room for chains up to <paramref name="maxBytes"/> (rounded down to whole lines, at least two).</summary>
    public PointerChain(long maxBytes)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(maxBytes, 2L * LineBytes);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(maxBytes, (long)Array.MaxLength * sizeof(int) / 2);
        _slots = GC.AllocateUninitializedArray<int>((int)(maxBytes / LineBytes * IntsPerLine));
        CapacityLines = _slots.Length / IntsPerLine;
    }

    /// <summary>How many lines the chain can span.</summary>
    public int CapacityLines { get; }

    /// <summary>Lines in the current cycle.</summary>
    public int Lines { get; private set; }

    /// <summary>The line that follows <paramref name="line"/> in the current cycle.</summary>
    public int Next(int line) => _slots[line * IntsPerLine] / IntsPerLine;

    /// <summary>Draws a new random order of all <see cref="CapacityLines"/> lines (Fisher-Yates); the next builds link it.</summary>
    public void Shuffle(Random random)
    {
        ArgumentNullException.ThrowIfNull(random);
        if (_order.Length != CapacityLines)
        {
            _order = new int[CapacityLines];
        }

        for (int i = 0; i < CapacityLines; i++)
        {
            _order[i] = i;
        }

        random.Shuffle(_order);
        _orderCount = CapacityLines;
    }

    /// <summary>
    /// Links the first <paramref name="lines"/> lines into one cycle, visiting them in the shuffled order: each line
    /// points to the next one in that order and the last back to the first, so the cycle is single and covers every
    /// line. Dropping the larger lines from a random order leaves a random order of the rest, so successive builds
    /// go from large to small and reuse one shuffle. Writing every node touches every page before anything is timed.
    /// </summary>
    public void Build(int lines)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(lines, 2);
        if (lines > _orderCount)
        {
            throw new InvalidOperationException($"Build {lines} lines needs a shuffle of at least that many (have {_orderCount}): call Shuffle, then build from large to small.");
        }

        int kept = 0;
        for (int i = 0; i < _orderCount; i++)
        {
            if (_order[i] < lines)
            {
                _order[kept++] = _order[i];
            }
        }

        _orderCount = kept;
        for (int i = 0; i < kept - 1; i++)
        {
            _slots[_order[i] * IntsPerLine] = _order[i + 1] * IntsPerLine;
        }

        _slots[_order[kept - 1] * IntsPerLine] = _order[0] * IntsPerLine;
        Lines = lines;
    }

    /// <summary>Follows the chain for <paramref name="loads"/> dependent loads from <paramref name="startSlot"/>; returns where it stopped.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public int Chase(int startSlot, long loads)
    {
        // The loads below skip bounds checks: only slots that Build wrote may be followed.
        if (startSlot < 0 || startSlot >= Lines * IntsPerLine || startSlot % IntsPerLine != 0)
        {
            throw new ArgumentOutOfRangeException(nameof(startSlot), startSlot, $"Must be the slot of one of the {Lines} lines of the built cycle.");
        }

        ref int first = ref MemoryMarshal.GetArrayDataReference(_slots);
        int slot = startSlot;
        long rounds = loads / 8;
        for (long r = 0; r < rounds; r++)
        {
            // Unrolled so the loop's own compare and branch are a small fraction of each step.
            slot = Unsafe.Add(ref first, slot);
            slot = Unsafe.Add(ref first, slot);
            slot = Unsafe.Add(ref first, slot);
            slot = Unsafe.Add(ref first, slot);
            slot = Unsafe.Add(ref first, slot);
            slot = Unsafe.Add(ref first, slot);
            slot = Unsafe.Add(ref first, slot);
            slot = Unsafe.Add(ref first, slot);
        }

        for (long r = rounds * 8; r < loads; r++)
        {
            slot = Unsafe.Add(ref first, slot);
        }

        return slot;
    }
}
