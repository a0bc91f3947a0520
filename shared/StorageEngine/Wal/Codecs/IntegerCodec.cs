using System.Numerics;
using System.Runtime.CompilerServices;

namespace StorageEngine.Wal.Codecs;

/// <summary>
/// <c>int32</c>, <c>int64</c>: a fixed-width little-endian integer. Generic over the type so one class serves both; the
/// JIT compiles it once per value type, so the append path makes no extra call.
/// </summary>
internal sealed class IntegerCodec<T>(string name) : IWalCodec<T>
    where T : struct, IBinaryInteger<T>
{
    private static readonly int Size = Unsafe.SizeOf<T>();

    public string Name => name;

    public int GetByteCount(T value) => Size;

    public void Write(T value, Span<byte> destination) => value.WriteLittleEndian(destination);

    public T Read(ReadOnlySpan<byte> source, out int consumed)
    {
        if (source.Length < Size)
        {
            throw new FormatException($"Truncated {name}.");
        }

        consumed = Size;
        return T.ReadLittleEndian(source[..Size], isUnsigned: false);
    }
}
