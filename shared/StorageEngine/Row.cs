namespace StorageEngine;

/// <summary>
/// The value type of the series: an immutable byte payload.
/// <see cref="Default"/> is the fixed 64-byte row of the "comfortable lie";
/// <see cref="Generate"/> makes the variable-size (32–256 bytes), key-dependent rows of the realistic workload.
/// </summary>
public sealed class Row : IEquatable<Row>
{
    /// <summary>Size of <see cref="Default"/>'s payload.</summary>
    public const int DefaultSize = 64;

    /// <summary>Smallest payload <see cref="Generate"/> makes (key % 225 == 0).</summary>
    public const int MinGeneratedSize = 32;

    /// <summary>Number of distinct generated sizes: sizes run from 32 to 32 + 224 = 256 bytes.</summary>
    public const int GeneratedSizeSpread = 225;

    /// <summary>Largest payload <see cref="Generate"/> makes.</summary>
    public const int MaxGeneratedSize = MinGeneratedSize + GeneratedSizeSpread - 1;

    private readonly byte[] _payload;

    private Row(byte[] payload) => _payload = payload;

    /// <summary>One shared 64-byte row: every insert of the lazy benchmark stores the same object.</summary>
    public static Row Default { get; } = CreateDefault();

    /// <summary>The payload bytes.</summary>
    public ReadOnlySpan<byte> Payload => _payload;

    /// <summary>Payload length in bytes.</summary>
    public int Length => _payload.Length;

    /// <summary>Size of the payload <see cref="Generate"/> makes for <paramref name="key"/>: 32 + key % 225.</summary>
    public static int GeneratedSize(int key)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(key);
        return MinGeneratedSize + (key % GeneratedSizeSpread);
    }

    /// <summary>
    /// Allocates a new row of <c>32 + key % 225</c> bytes whose content is a deterministic function of the key
    /// (so a recovered row can be checked against the key it was stored under).
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The key is negative.</exception>
    public static Row Generate(int key)
    {
        var payload = new byte[GeneratedSize(key)];
        Fill(key, payload);
        return new Row(payload);
    }

    /// <summary>Wraps a copy of <paramref name="payload"/> (used by the WAL codec when replaying).</summary>
    public static Row FromPayload(ReadOnlySpan<byte> payload) => new(payload.ToArray());

    /// <summary>Copies the payload to <paramref name="destination"/>.</summary>
    public void CopyTo(Span<byte> destination) => _payload.AsSpan().CopyTo(destination);

    /// <summary>True when this row is byte-for-byte what <see cref="Generate"/> makes for <paramref name="key"/>.</summary>
    public bool IsGeneratedFor(int key)
    {
        if (key < 0 || _payload.Length != GeneratedSize(key))
        {
            return false;
        }

        Span<byte> expected = stackalloc byte[MaxGeneratedSize];
        expected = expected[.._payload.Length];
        Fill(key, expected);
        return expected.SequenceEqual(_payload);
    }

    /// <inheritdoc />
    public bool Equals(Row? other) =>
        other is not null && (ReferenceEquals(this, other) || _payload.AsSpan().SequenceEqual(other._payload));

    /// <inheritdoc />
    public override bool Equals(object? obj) => Equals(obj as Row);

    /// <inheritdoc />
    public override int GetHashCode()
    {
        var hash = new HashCode();
        hash.AddBytes(_payload);
        return hash.ToHashCode();
    }

    /// <inheritdoc />
    public override string ToString() => $"Row({_payload.Length} bytes)";

    private static Row CreateDefault()
    {
        var payload = new byte[DefaultSize];
        for (int i = 0; i < payload.Length; i++)
        {
            payload[i] = (byte)i;
        }

        return new Row(payload);
    }

    // A cheap xorshift stream seeded by the key: content differs between keys and is reproducible.
    private static void Fill(int key, Span<byte> destination)
    {
        uint state = (uint)key * 2654435761u ^ 0x9E3779B9u;
        for (int i = 0; i < destination.Length; i++)
        {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            destination[i] = (byte)state;
        }
    }
}
