using MeasurementLab;
using StorageEngine;

namespace EnemiesOfMeasurement;

/// <summary>
/// The sizes the post uses, defined once, and the deterministic data builders shared by the enemies (all drawn from
/// the lab's seed).
/// Every enemy that needs random keys draws them the same way, so a run is reproducible and the tests can rebuild
/// exactly what a benchmark saw.
/// </summary>
public static class EnemyData
{
    /// <summary>Rows in E1's table and inserts per invocation in E2 and E3.</summary>
    public const int RowCount = 100_000;

    /// <summary>E2/E3 keys are drawn from [0, KeySpace): about a quarter of the draws repeat a key.</summary>
    public const int KeySpace = 200_000;

    /// <summary><paramref name="count"/> keys drawn uniformly from [0, <paramref name="maxExclusive"/>) with <paramref name="seed"/>.</summary>
    public static int[] RandomKeys(int count, int maxExclusive, int seed = LabSeed.Value)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(count);
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(maxExclusive);
#pragma warning disable CA5394 // Not security: a seeded, reproducible benchmark input is the point.
        var random = new Random(seed);
        var keys = new int[count];
        for (int i = 0; i < keys.Length; i++)
        {
            keys[i] = random.Next(0, maxExclusive);
        }
#pragma warning restore CA5394

        return keys;
    }

    /// <summary>One <see cref="Row.Generate"/> row per key, in key order (made once, outside the timed region).</summary>
    public static Row[] GenerateRows(int[] keys)
    {
        ArgumentNullException.ThrowIfNull(keys);
        var rows = new Row[keys.Length];
        for (int i = 0; i < keys.Length; i++)
        {
            rows[i] = Row.Generate(keys[i]);
        }

        return rows;
    }

    /// <summary>Inserts <c>rows[i]</c> under <c>keys[i]</c>: the hot path of E2's baseline and of both E3 methods.</summary>
    public static void InsertRows(ITable<int, Row> table, int[] keys, Row[] rows)
    {
        ArgumentNullException.ThrowIfNull(table);
        ArgumentNullException.ThrowIfNull(keys);
        ArgumentNullException.ThrowIfNull(rows);
        for (int i = 0; i < keys.Length; i++)
        {
            table.Insert(keys[i], rows[i]);
        }
    }

    /// <summary>Inserts a freshly generated row per key: the same final table as <see cref="InsertRows"/>, one allocation per insert.</summary>
    public static void InsertGenerated(ITable<int, Row> table, int[] keys)
    {
        ArgumentNullException.ThrowIfNull(table);
        ArgumentNullException.ThrowIfNull(keys);
        for (int i = 0; i < keys.Length; i++)
        {
            table.Insert(keys[i], Row.Generate(keys[i]));
        }
    }
}
