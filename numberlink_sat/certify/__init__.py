"""An independent checker of Numberlink certificates ("unique", "no solution").

It reads a certificate directory written by
:func:`numberlink_sat.numberlink.certificate.certificate` and checks it with code of
its own: the puzzle and solutions with the format reader and the independent
verifier, every extra clause against its stated reason, and the DRAT/DRUP proof with
``dratify``. Nothing here imports an encoder, the SAT layer or PySAT.

>>> from numberlink_sat.certify import check_certificate, CertificateUnreadable
"""

from numberlink_sat.certify.check import BASE_NOT_CHECKED, CertificateReport, check_certificate
from numberlink_sat.certify.layout import CertificateUnreadable

__all__ = ["BASE_NOT_CHECKED", "CertificateReport", "CertificateUnreadable", "check_certificate"]
