using System.Globalization;
using System.Security.Cryptography;

namespace LabRounds;

/// <summary>
/// Randomized interleaved rounds (Abedi &amp; Brecht, ICPE 2017): every side of a comparison runs once per round, in an
/// order drawn afresh for each round from one recorded seed. A machine state that lasts minutes then lands on every
/// side alike within a round, and the order cannot line up with a periodic disturbance. The same seed, round and
/// sides give the same order on every machine and .NET version (the generator is SplitMix64, written out here).
/// </summary>
public sealed class RoundSchedule
{
    /// <summary>Creates a schedule of <paramref name="rounds"/> rounds (at least 1) drawn from <paramref name="seed"/>.</summary>
    public RoundSchedule(int rounds, ulong seed)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(rounds, 1);
        Rounds = rounds;
        Seed = seed;
    }

    /// <summary>How many rounds.</summary>
    public int Rounds { get; }

    /// <summary>The seed every round's order is drawn from (recorded with the run so the order can be replayed).</summary>
    public ulong Seed { get; }

    /// <summary>A fresh seed for a new run (the run records it).</summary>
    public static ulong NewSeed() => BitConverter.ToUInt64(RandomNumberGenerator.GetBytes(sizeof(ulong))) >> 1;

    /// <summary>Reads a seed as written on a command line: a decimal number from 0 to 2^63 − 1.</summary>
    public static bool TryParseSeed(string text, out ulong seed) =>
        ulong.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out seed) && seed <= long.MaxValue;

    /// <summary>
    /// The order in which round <paramref name="round"/> (1-based) runs <paramref name="sides"/>: a permutation
    /// (Fisher–Yates) that depends only on the seed, the round and how many sides there are.
    /// </summary>
    public IReadOnlyList<T> Order<T>(int round, IReadOnlyList<T> sides)
    {
        ArgumentNullException.ThrowIfNull(sides);
        ArgumentOutOfRangeException.ThrowIfLessThan(round, 1);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(round, Rounds);
        var order = sides.ToArray();
        var random = new SplitMix64(Seed ^ (0x9E3779B97F4A7C15UL * (ulong)round));
        for (int i = order.Length - 1; i > 0; i--)
        {
            int j = random.Below(i + 1);
            (order[i], order[j]) = (order[j], order[i]);
        }

        return order;
    }

    /// <summary>Every round's order, round 1 first: the sequence in which the sides run.</summary>
    public IEnumerable<(int Round, T Side)> Sequence<T>(IReadOnlyList<T> sides)
    {
        for (int round = 1; round <= Rounds; round++)
        {
            foreach (var side in Order(round, sides))
            {
                yield return (round, side);
            }
        }
    }

    // Steele, Lea & Flood's SplitMix64: small, fast, and fully specified, so an order can be replayed anywhere.
    private struct SplitMix64(ulong state)
    {
        private ulong _state = state;

        private ulong Next()
        {
            ulong z = _state += 0x9E3779B97F4A7C15UL;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9UL;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBUL;
            return z ^ (z >> 31);
        }

        // Uniform in [0, bound) by rejection (Lemire's bound check is not needed for the few sides of a round).
        public int Below(int bound)
        {
            ulong limit = ulong.MaxValue - ulong.MaxValue % (ulong)bound;
            ulong x;
            do
            {
                x = Next();
            }
            while (x >= limit);
            return (int)(x % (ulong)bound);
        }
    }
}
