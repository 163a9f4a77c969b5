import Foundation

/// RSA fixtures made with the `openssl` command line (OpenSSL 3.0), apart from the code under test: keys in the
/// encodings iOS exchanges, and ciphertexts of ``message`` under key A.
enum RSAFixtures {
    /// What the ciphertexts hold.
    static let message = "Meet at the usual place at 9."

    /// RSA-2048 private key A as PKCS #1 `RSAPrivateKey` DER (`openssl genrsa -traditional`).
    static let privateA = Data(base64Encoded: privateAText, options: .ignoreUnknownCharacters)!
    static let privateAText = """
        MIIEowIBAAKCAQEAsHnYh88hMrANLKYgRYGyqH9zmqBEa8ndyxJ5QIfNxaUSGuXWq/okD/PkTLLc+2AMmERl8oXBQvoxX89SL+R2
        aLhNz9XfD95auuFsFK//wz4dAhC0VjkqjmrtmSI/5RjAFzc48YikpeQBQwvjY1oYkZC/axmDyAF7PD5QTvT0lcmpeb5YI5nzdVQN
        PsweGAgCLgQRATxoLcCvGd1tAwx4FNS93gqEUQddbKLM21Ksy+ZNPGdnPHoAoycxMxws0GbAErTh+KU6/DQeE5TgY8DwriqHYkcf
        HG6eNTgYA0Hvh6KDbD2dKPe+d2YwNh0BO35E6QBMzFLYmbVuYGqsnjlFYwIDAQABAoIBABxrYt1sE9KP229HSYcn/dd4vus1yA77
        sUYUsYYc2Jxtmt7OCKYlYE1ZX3iijUfGDgEvcqN9usPIes8NGhUwW4k9tPo1XPi3PDFAQCGMvkl45T8B5ajFB/9rZNv2UgfY1oZm
        lDsBYFJ+x10+ut2zEqXOg6UBtOEuq+PlvRUaCZFdZfMA1TTDCyieXI2ndEDG4NqRcz5LxTJDXU6gwKSaHkhy1wCy4fD81QZgy9FI
        cgFR/oFvVLmBh9kf4+UCy7zpKY5xvOl8z2mhA+5zJ8s42xcOCh7IYHmnuzfG5EFs2K5unoHlUN7JOLFs6K+2js6LjrNORXftflIo
        fhqPzSi2rMECgYEA3YiBsyH/nq7zX3vNkSBhMe81xhrIIlIO662QFBg3TDk3T4gApDdBUaIPZOkvD80wiwWxeJrMXDPD0RB5WPbW
        uxbaU8dON4KtJqkA+68yeVI55LALS8UR+h/+oGqbq5kmOB5jmN6OhTPkNVwn2LuuxX3+TvW48mBQvtObBUXGlhMCgYEAy+6+aQGY
        x9rDtnHuDwYISKqkPKTK1NLNkke46sLjdgUEb6g4rKHVCT1Dc+0vOZlFQzjZZA9PZfvWhO8yNknlPpPcOHELHkqa9tjeWqE7mXct
        MvPDDDJwXURHY7LRx0Wt5kntKRvvFQJdfu+D91RVpyD0StKZjb76DJI/MMTHvXECgYAiN/Kow8ijLyzig9IF57V7rBJnTj25p2ks
        mDuYDwGDoZbcjwpiUzKgtGKiWK5vR2eHIdL+6RJF760AfwXvavlSHr6MkE2Rn3q1bQd82Nv4B25v1413H7KeKxD+oFj5UYeoxXDm
        7QGgq5pFb72r6ZmeYc7FTYlKzvvJ7g+U6ek5xwKBgEGcTRyBjAL4qjDflMS2nyGp7O8p4av5KnReqOq2yvGkiZnW2G0KH/05/aKl
        c6UnX7ZR6vcbSeM40/qu7kuzGJM6hQaPsBEN1a+HdHpaF0+3nQ4giOc6rxYCqqkz1fQzwdAuhqPMPe5XdXcqXh3Lv0bm/lG4Ufjd
        sZsrzjLFjLGxAoGBAIyX+qbjEZj4BGff8yCQ88g+rSApnvBHMHSfaxLitb9TkLp/ZB3j3iu2Ge7ur9JX00DtbzitNRo1ZMS1OGvF
        ANnx5TQY/QQiqNQMlCxfnbgKU5FyBNTRmzeV9kOeAPWCSTtkrSJh6O5zPNZ54HqYRR7aJ/BlnCnHDUZtzVN92ZBB
        """

    /// Key A's public key as PKCS #1 `RSAPublicKey` DER (`openssl rsa -RSAPublicKey_out`).
    static let publicA = Data(base64Encoded: publicAText, options: .ignoreUnknownCharacters)!
    static let publicAText = """
        MIIBCgKCAQEAsHnYh88hMrANLKYgRYGyqH9zmqBEa8ndyxJ5QIfNxaUSGuXWq/okD/PkTLLc+2AMmERl8oXBQvoxX89SL+R2aLhN
        z9XfD95auuFsFK//wz4dAhC0VjkqjmrtmSI/5RjAFzc48YikpeQBQwvjY1oYkZC/axmDyAF7PD5QTvT0lcmpeb5YI5nzdVQNPswe
        GAgCLgQRATxoLcCvGd1tAwx4FNS93gqEUQddbKLM21Ksy+ZNPGdnPHoAoycxMxws0GbAErTh+KU6/DQeE5TgY8DwriqHYkcfHG6e
        NTgYA0Hvh6KDbD2dKPe+d2YwNh0BO35E6QBMzFLYmbVuYGqsnjlFYwIDAQAB
        """

    /// Key A's public key as an X.509 `SubjectPublicKeyInfo` (`openssl rsa -pubout`).
    static let subjectPublicKeyInfoA = Data(
        base64Encoded: subjectPublicKeyInfoAText, options: .ignoreUnknownCharacters)!
    static let subjectPublicKeyInfoAText = """
        MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAsHnYh88hMrANLKYgRYGyqH9zmqBEa8ndyxJ5QIfNxaUSGuXWq/okD/Pk
        TLLc+2AMmERl8oXBQvoxX89SL+R2aLhNz9XfD95auuFsFK//wz4dAhC0VjkqjmrtmSI/5RjAFzc48YikpeQBQwvjY1oYkZC/axmD
        yAF7PD5QTvT0lcmpeb5YI5nzdVQNPsweGAgCLgQRATxoLcCvGd1tAwx4FNS93gqEUQddbKLM21Ksy+ZNPGdnPHoAoycxMxws0GbA
        ErTh+KU6/DQeE5TgY8DwriqHYkcfHG6eNTgYA0Hvh6KDbD2dKPe+d2YwNh0BO35E6QBMzFLYmbVuYGqsnjlFYwIDAQAB
        """

    /// Key A as PKCS #8 `PrivateKeyInfo` (`openssl pkcs8 -topk8 -nocrypt`), which iOS does not take.
    static let pkcs8A = Data(base64Encoded: pkcs8AText, options: .ignoreUnknownCharacters)!
    static let pkcs8AText = """
        MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCwediHzyEysA0spiBFgbKof3OaoERryd3LEnlAh83FpRIa5dar
        +iQP8+RMstz7YAyYRGXyhcFC+jFfz1Iv5HZouE3P1d8P3lq64WwUr//DPh0CELRWOSqOau2ZIj/lGMAXNzjxiKSl5AFDC+NjWhiR
        kL9rGYPIAXs8PlBO9PSVyal5vlgjmfN1VA0+zB4YCAIuBBEBPGgtwK8Z3W0DDHgU1L3eCoRRB11soszbUqzL5k08Z2c8egCjJzEz
        HCzQZsAStOH4pTr8NB4TlOBjwPCuKodiRx8cbp41OBgDQe+HooNsPZ0o9753ZjA2HQE7fkTpAEzMUtiZtW5gaqyeOUVjAgMBAAEC
        ggEAHGti3WwT0o/bb0dJhyf913i+6zXIDvuxRhSxhhzYnG2a3s4IpiVgTVlfeKKNR8YOAS9yo326w8h6zw0aFTBbiT20+jVc+Lc8
        MUBAIYy+SXjlPwHlqMUH/2tk2/ZSB9jWhmaUOwFgUn7HXT663bMSpc6DpQG04S6r4+W9FRoJkV1l8wDVNMMLKJ5cjad0QMbg2pFz
        PkvFMkNdTqDApJoeSHLXALLh8PzVBmDL0UhyAVH+gW9UuYGH2R/j5QLLvOkpjnG86XzPaaED7nMnyzjbFw4KHshgeae7N8bkQWzY
        rm6egeVQ3sk4sWzor7aOzouOs05Fd+1+Uih+Go/NKLaswQKBgQDdiIGzIf+ervNfe82RIGEx7zXGGsgiUg7rrZAUGDdMOTdPiACk
        N0FRog9k6S8PzTCLBbF4msxcM8PREHlY9ta7FtpTx043gq0mqQD7rzJ5UjnksAtLxRH6H/6gapurmSY4HmOY3o6FM+Q1XCfYu67F
        ff5O9bjyYFC+05sFRcaWEwKBgQDL7r5pAZjH2sO2ce4PBghIqqQ8pMrU0s2SR7jqwuN2BQRvqDisodUJPUNz7S85mUVDONlkD09l
        +9aE7zI2SeU+k9w4cQseSpr22N5aoTuZdy0y88MMMnBdREdjstHHRa3mSe0pG+8VAl1+74P3VFWnIPRK0pmNvvoMkj8wxMe9cQKB
        gCI38qjDyKMvLOKD0gXntXusEmdOPbmnaSyYO5gPAYOhltyPCmJTMqC0YqJYrm9HZ4ch0v7pEkXvrQB/Be9q+VIevoyQTZGferVt
        B3zY2/gHbm/XjXcfsp4rEP6gWPlRh6jFcObtAaCrmkVvvavpmZ5hzsVNiUrO+8nuD5Tp6TnHAoGAQZxNHIGMAviqMN+UxLafIans
        7ynhq/kqdF6o6rbK8aSJmdbYbQof/Tn9oqVzpSdftlHq9xtJ4zjT+q7uS7MYkzqFBo+wEQ3Vr4d0eloXT7edDiCI5zqvFgKqqTPV
        9DPB0C6Go8w97ld1dypeHcu/Rub+UbhR+N2xmyvOMsWMsbECgYEAjJf6puMRmPgEZ9/zIJDzyD6tICme8EcwdJ9rEuK1v1OQun9k
        HePeK7YZ7u6v0lfTQO1vOK01GjVkxLU4a8UA2fHlNBj9BCKo1AyULF+duApTkXIE1NGbN5X2Q54A9YJJO2StImHo7nM81nngephF
        Hton8GWcKccNRm3NU33ZkEE=
        """

    /// A second RSA-2048 private key, PKCS #1, for the wrong-key cases.
    static let privateB = Data(base64Encoded: privateBText, options: .ignoreUnknownCharacters)!
    static let privateBText = """
        MIIEpQIBAAKCAQEAxbAKUBvTAzCV0Bk2B74IISiA4VjZ/3s8Mtk2SJre/OVFj5NzuhnY03aspoYcn4U/g1mucgf9zNGwYLzC//Yq
        muxI7i2NozmFv3QAKCQfjVNT4E3oeDfWZEwfgwf8f6oqcLGgLm441YtPsiu0YPwe6EvPZ2YydoGzUn3z7n7sfElk9D5j3XEITXta
        kxkWG3eXz3IQKko6SLLSCfK+lIU36wDJRGP8RnYIc4vv2KTrNNKapeeF4iTUX6P3UJSu3Rz4AhtxC8pnz8yqsO6UV4QGGytcTbOo
        YUynL7MeTkjNIZzz3cApq/dFnXi6ETUQai0gFkPMl9WTps2wKJvj2HHr1QIDAQABAoIBAA1LwPMmCUQH0q5WNmqV5DvABXm35/hF
        bxqSaRLAC9W24T3+B69myU0LsyKuFs2/K12SZ2e2/uHK4VHYUEXhO3iuV1y28Ur0SvkXUbgMGe0qQ2ls2VZV7GmphF25PfPOMPWM
        ailv82BKyDeZCz7nUM2Ej8oKDG8pBl5lfJsNVqrTMbznRjFEw/8bvko4jLP1rSSipHgqMigxE8HNhaSBh/2wAGGwTc+ITsreDyho
        d3aQ5FIj4NCF8wsuxN5dBK+9jyqoycCMicSt1MMyTyGGx/EF5rgHMB+/TiQwH7Omn1oWrB1BbTbmXeJ8Hqwvkd8P3LHAyg3jR3RH
        VJIFP5DXLr8CgYEA/c+32J1CohiIwIQmeUyuobAGRk3/EJzrKWfFBfTPVa1WoH0cBKTz642FBEnJKpChfC8NMT8bKsjJE0O8G9gH
        5HgaUbiTmFiirMc0dqw5bzwsRQXdwNP5/W6xkGyMWQRL7Am0ZN9IsNIs+vfxECrGKVqAPiIJEVZPCMOOO/5j67cCgYEAx2RuNBn/
        Q0yhNfZZ49tCb6cxGpdOYwUyiSIIHls04c/bsjg7nbI/UEI8Min4Dcl3n4M9tJaQiTjlIQZbglsNm+T/HTbzp0C/mvIdfQijX63N
        sN0I5fB1CtUYcYr8o8ZkHe5rvr2MPYe9oQ3tHzwKGdNTSGDVIhgwx4zAM/1mfNMCgYEAjurzI+dRiQL1pioDnBQA1YzPy7DJqmoh
        xPvopnT2dtEXUWGBcGAN9ZqHxyVhQDWWqN25uPxG6O2Mw+tFNgyMTSsP7upXOdbXKyE0uoo6ARfJ+cfW2WjDgOBe3esxkEJqGexR
        Bufv/5kpuNv6gtcDJHAQfGwf3QJTmKS9J60USLsCgYEAsTaCd84PQDowIazE8a2i22dGTjLiGUG6S4UyoABB/Nxnj3tJCPwuJ1/m
        7lK8w0wnBF95jTIwXbVyd6qV1EKm0sJxNv7rCOCUKts6+DCgO15WrPWWff77l1gTtH5p0gl2W9/WZR1EMj+dezHMaPFMrO1UXMSr
        SPUlDYX8IXj7CL8CgYEA9/S36guS2bJ5bwYJMo9NP9k313EOjfqjZQJjMmB2rvHUgR6fXFLJ5BbLqANoJGX8NUEA77cJ8iVtz6qN
        0rQb2hgO/AqRDB0WO+spMRzpSWNFRhGcZalUVVFFZ5tgdn3UYuDMOOd5+ZzpQ0JCLXoHg4ett7n5kUJdJLF6F+KzuoI=
        """

    /// An RSA-1024 private key, PKCS #1: a 128-byte block, too small for OAEP-SHA512.
    static let private1024 = Data(base64Encoded: private1024Text, options: .ignoreUnknownCharacters)!
    static let private1024Text = """
        MIICXQIBAAKBgQC00g+yfv0U53g8S4B88u1YaUhZgrpjEMbz8A/k/Qoj88dgvngwGEB8y/D53C4T3HMzjM7P99JJeAVq2xZ2aLCU
        Qz0HzUIRH5hx+X7MAQF5Xp6OHK30Jx+DFPfDnp/K9ZaRFNSwgUYGuppXxrZSA9CTQp+OYaM+BSr15lJTT60vjQIDAQABAoGALV9s
        mvCslttCW3bipffbQM0iX3ujQ4qJMdryUhaAvebFB+yjggYD4IzYSgpK8abmrW/O0XaxKMhaK6cQKuQ4Mn/W+f5aItSrJLKpLgJr
        EJ1TBhQHoKSngqrYtdcV5TlkXGrapiyq5GarCwPffZBpzm1w4/c4HJepXmHHo+0EXaECQQDhvZwB8PSbsj//fDQg1VumhmpfcDwX
        SqOQo4IxBg6bjp6TPWzoUvKbwEXw+ydj6llciz94XfQCRH9il3l5SYlJAkEAzQ7/nRyhzaQDlwFySZtTlzDye/kaxJ/wroqC9/Lu
        GXclSFWSGNzk/YgNRmm+e1uSsHYkCbITFCop0D3WK0GYJQJBAKKTaure/VuwiXTXn7dR0brhrXRkoXJo19nQWHA0G4sesMf8AhZj
        vsQ7OmPujZTg71C+HIz0pUqIyHFaBCs8sbkCQAZ0dWltsE433oEPY5ibkhsNSGTMp6IO4tWruImzlPkqPfsz7mBn+7FbageQZpWd
        gVWasnG3sFAPL7fFaot8Ch0CQQCPtLnMdwUWen/s3tPuQtYIB6Qb7C3gRIsOBOaQUpbGb9LPKeI3nEoXf6Z2VfvNjZfr2cZMXMIU
        LHd0SdoGKj+5
        """

    /// ``message`` encrypted to key A with PKCS #1 v1.5 (`openssl pkeyutl -encrypt`).
    static let pkcs1Ciphertext = Data(base64Encoded: pkcs1CiphertextText, options: .ignoreUnknownCharacters)!
    static let pkcs1CiphertextText = """
        NLak9RGJ9rLCscroig4hq4A7aSrid3ytRIQiGJ8dEAmiFI+p4JBK7gj+ngLRvdT5JFntBxnSw4J8cgLmaYAeaK6rCltrXB9LwUNf
        r7qvQCUfwm7sMQD/eVQtCcRJpJd6gDoPpdWUh1mZLen8xljABBSkFB5SSlsCelras04Lc63nGJ2BwLu8HpOJxztNCGIGGsagUs06
        skMLFJ4/k/YY3daeo1fi7FpW0kILeHWJHRfkfqSZNSp8TYfGQTE310sI577jDFWtIeqehKUc3V12Yyfr4d6+VdiChza94+vQBQ9X
        m6/zQd/Ekbr0Hyb5thOebaddFEfQXCYK9S/KYLplrQ==
        """

    /// ``message`` encrypted to key A with OAEP, SHA-1 and MGF1-SHA-1.
    static let oaepSHA1Ciphertext = Data(base64Encoded: oaepSHA1CiphertextText, options: .ignoreUnknownCharacters)!
    static let oaepSHA1CiphertextText = """
        NxmLG7VtINGXQs6TJdxDdq3lRP9vs45tWGVcjF82dZBiP9T5yIq+jVMezFlJF3iDymyHeVspXrytk8lu3IwwVlUbkyxObQR+CsKc
        LtIYWOTP/1Fwnb6kbUBg15sFxEZuvsFH4KKWPFnUiw5Lo13k3rd1bxbnEtUok54nHk2SS0W4v1hRxRiFKyun8qb8dM1AfEn3Rs7Q
        vwtOkSTL0ZIDpZIRW/IFk+xpO8bZckD/KMM4lXQJZxcElKkL6/6sR2AlddnbV502dcw52K/h9AR4S9O1dapRNMRhB2nTXgqoXaLK
        TQIUGtpDF4fxem1dXN5cF+nPTT56sm5gJOsAQ5MmMg==
        """

    /// ``message`` encrypted to key A with OAEP, SHA-256 and MGF1-SHA-256.
    static let oaepSHA256Ciphertext = Data(base64Encoded: oaepSHA256CiphertextText, options: .ignoreUnknownCharacters)!
    static let oaepSHA256CiphertextText = """
        Ezf0f3nOxZF+pCfXXOO/GferCkNSDxjWgBccL6Z4QNug9oY7lCMLa/TPoWHF/j883cRgxBWGyFcFjhkJLsU0UKJNjHYFhqfcF3Ns
        QxudbshTaw8dK3QWu9RxpjbsxDPVOC2+eEV0uWe87uX5nQSK1flJVy7GSHtgsWTCQFzZMn6ZeB0N3yWgi/uRi0gz+laLizn66TAP
        ww4deEdIHBBGMRm+817I1L8r04YOYb5diZRGgEshN74ENKe4V6vkKb8FJyh7SrHCcjRe/9kKTiwVoQ7lbaMa+l8v4eWJDMxJ1Laj
        OGerbQ9C+2tZkhwvtowR/Ggs8E45Uw5aFeUaKrfe2A==
        """
}
