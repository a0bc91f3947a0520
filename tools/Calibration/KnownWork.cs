using BenchmarkDotNet.Attributes;

namespace Calibration;

/// <summary>
/// Six kinds of work whose amount is set exactly by <see cref="CalibrationScale"/>: each benchmark repeats one step a
/// base number of times times the scale, over data that does not depend on the scale, so B at scale 1.05 is 5% more of
/// the same work as A at scale 1. They stress different parts of the machine, so a calibration sees how each reacts to
/// a neighbour (another side in duet, another engineer's build): a dependent arithmetic chain (core latency), a random
/// walk through 64 MiB (memory latency), an unpredictable branch, allocation (the GC), a streaming sum over an L1-sized
/// array (core throughput) and hash-table lookups (a mix). Each invocation takes about a millisecond or a few.
/// </summary>
public class KnownWork
{
    private const int ChainSteps = 1_000_000;
    private const int WalkSteps = 40_000;
    private const int WalkLength = 16 * 1024 * 1024; // ints: 64 MiB, far beyond any cache of the machines we run on
    private const int BranchSteps = 400_000;
    private const int AllocationSteps = 200_000;
    private const int SumSteps = 2_000_000;
    private const int LookupSteps = 100_000;
    private const int Seed = 20261125;
    private const int SmallData = 4096; // longs: 32 KiB, in L1; a power of two, so indices wrap with a mask
    private const int BranchData = 1 << 20; // random bytes: no predictor learns a pattern this long

    private int[] _walk = [];
    private int _walkAt;
    private byte[] _bytes = [];
    private long[] _longs = [];
    private int[] _keys = [];
    private Dictionary<int, int> _table = [];
    private object[] _live = [];
    private double _scale = 1;

    /// <summary>Reads the scale and builds the small data (the same for every scale).</summary>
    [GlobalSetup]
    public void Setup()
    {
        _scale = CalibrationScale.FromEnvironment();
        var random = new Random(Seed);
        _bytes = new byte[BranchData];
        random.NextBytes(_bytes);
        _longs = Enumerable.Range(0, SmallData).Select(i => (long)random.Next()).ToArray();
        _keys = Enumerable.Range(0, SmallData * 16).Select(_ => random.Next()).ToArray();
        _table = _keys.Distinct().ToDictionary(k => k, k => k ^ 0x5bd1e995);
        _live = new object[1024];
    }

    /// <summary>The walk's own setup (BenchmarkDotNet runs it instead of <see cref="Setup"/>): 64 MiB, built only when walked.</summary>
    [GlobalSetup(Target = nameof(MemoryWalk))]
    public void SetupWalk()
    {
        _scale = CalibrationScale.FromEnvironment();
        _walk = SingleCycle(WalkLength, new Random(Seed));
        _walkAt = 0;
    }

    /// <summary>A chain of multiply-adds, each waiting for the last: the core's latency, nothing else.</summary>
    [Benchmark]
    public ulong ArithmeticChain()
    {
        int steps = CalibrationScale.Steps(ChainSteps, _scale);
        ulong x = 1;
        for (int i = 0; i < steps; i++)
        {
            x = x * 6364136223846793005UL + 1442695040888963407UL;
        }

        return x;
    }

    /// <summary>
    /// Pointer chasing along one random cycle through 64 MiB, resuming where the last invocation stopped so no step
    /// finds its line in a cache: the memory's latency.
    /// </summary>
    [Benchmark]
    public int MemoryWalk()
    {
        int steps = CalibrationScale.Steps(WalkSteps, _scale);
        int at = _walkAt;
        for (int i = 0; i < steps; i++)
        {
            at = _walk[at];
        }

        _walkAt = at;
        return at;
    }

    /// <summary>A branch on random bytes (half taken, no pattern to learn), with two updates per side so the JIT keeps it a branch.</summary>
    [Benchmark]
    public long BranchyLoop()
    {
        int steps = CalibrationScale.Steps(BranchSteps, _scale);
        long sum = 0;
        long count = 0;
        for (int i = 0; i < steps; i++)
        {
            int b = _bytes[i & (BranchData - 1)];
            if (b < 128)
            {
                sum += b * 3;
                count++;
            }
            else
            {
                sum -= b;
                count += 2;
            }
        }

        return sum + count;
    }

    /// <summary>Small objects, each kept alive for the next 1,024 allocations: gen-0 collections in proportion to the steps.</summary>
    [Benchmark]
    public int AllocationLoop()
    {
        int steps = CalibrationScale.Steps(AllocationSteps, _scale);
        int total = 0;
        for (int i = 0; i < steps; i++)
        {
            var item = new int[4];
            item[0] = i;
            _live[i & (_live.Length - 1)] = item;
            total += item.Length;
        }

        return total;
    }

    /// <summary>A running sum over a 32 KiB array, again and again: the core's throughput on data in L1.</summary>
    [Benchmark]
    public long StreamingSum()
    {
        int steps = CalibrationScale.Steps(SumSteps, _scale);
        long sum = 0;
        var data = _longs;
        for (int i = 0; i < steps; i++)
        {
            sum += data[i & (SmallData - 1)];
        }

        return sum;
    }

    /// <summary>Dictionary lookups of 65,536 random keys in a table of as many: hashing, a cache miss or two, a compare.</summary>
    [Benchmark]
    public int DictionaryLookup()
    {
        int steps = CalibrationScale.Steps(LookupSteps, _scale);
        int found = 0;
        var keys = _keys;
        for (int i = 0; i < steps; i++)
        {
            if (_table.TryGetValue(keys[i & (keys.Length - 1)], out int v))
            {
                found += v & 1;
            }
        }

        return found;
    }

    // Sattolo's shuffle: one cycle through every index, so a walk from anywhere visits them all before repeating.
    private static int[] SingleCycle(int length, Random random)
    {
        var next = new int[length];
        for (int i = 0; i < length; i++)
        {
            next[i] = i;
        }

        for (int i = length - 1; i > 0; i--)
        {
            int j = random.Next(i);
            (next[i], next[j]) = (next[j], next[i]);
        }

        return next;
    }
}
