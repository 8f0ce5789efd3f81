# expect: 2 SyntaxError
x = 3
if x == 0:
    pass
elif x == 1:
    pass
elif x == 2:
    pass
elif x == 3:
    pass
elif x == 4:
    pass
elif x == 5:
    pass
elif x == 6:
    pass
elif x == 7:
    pass
elif x == 8:
    pass
elif x == 9:
    pass
elif x == 10:
    pass
elif x == 11:
    pass
elif x == 12:
    pass
elif x == 13:
    pass
elif x == 14:
    pass
elif x == 15:
    pass
elif x == 16:
    pass
elif x == 17:
    pass
elif x == 18:
    pass
elif x == 19:
    pass
elif x == 20:
    pass
elif x == 21:
    pass
elif x == 22:
    pass
elif x == 23:
    pass
elif x == 24:
    pass
elif x == 25:
    pass
elif x == 26:
    pass
elif x == 27:
    pass
elif x == 28:
    pass
elif x == 29:
    pass
elif x == 30:
    pass
elif x == 31:
    pass
elif x == 32:
    pass
elif x == 33:
    pass
elif x == 34:
    pass
elif x == 35:
    pass
elif x == 36:
    pass
elif x == 37:
    pass
elif x == 38:
    pass
elif x == 39:
    pass
elif x == 40:
    pass
elif x == 41:
    pass
elif x == 42:
    pass
elif x == 43:
    pass
elif x == 44:
    pass
elif x == 45:
    pass
elif x == 46:
    pass
elif x == 47:
    pass
elif x == 48:
    pass
elif x == 49:
    pass
elif x == 50:
    pass
elif x == 51:
    pass
elif x == 52:
    pass
elif x == 53:
    pass
elif x == 54:
    pass
elif x == 55:
    pass
elif x == 56:
    pass
elif x == 57:
    pass
elif x == 58:
    pass
elif x == 59:
    pass
elif x == 60:
    pass
elif x == 61:
    pass
elif x == 62:
    pass
elif x == 63:
    pass
elif x == 64:
    pass
elif x == 65:
    pass
elif x == 66:
    pass
elif x == 67:
    pass
elif x == 68:
    pass
elif x == 69:
    pass
elif x == 70:
    pass
elif x == 71:
    pass
elif x == 72:
    pass
elif x == 73:
    pass
elif x == 74:
    pass
elif x == 75:
    pass
elif x == 76:
    pass
elif x == 77:
    pass
elif x == 78:
    pass
elif x == 79:
    pass
elif x == 80:
    pass
elif x == 81:
    pass
elif x == 82:
    pass
elif x == 83:
    pass
elif x == 84:
    pass
elif x == 85:
    pass
elif x == 86:
    pass
elif x == 87:
    pass
elif x == 88:
    pass
elif x == 89:
    pass
elif x == 90:
    pass
elif x == 91:
    pass
elif x == 92:
    pass
elif x == 93:
    pass
elif x == 94:
    pass
elif x == 95:
    pass
elif x == 96:
    pass
elif x == 97:
    pass
elif x == 98:
    pass
elif x == 99:
    pass
elif x == 100:
    pass
elif x == 101:
    pass
elif x == 102:
    pass
elif x == 103:
    pass
elif x == 104:
    pass
elif x == 105:
    pass
elif x == 106:
    pass
elif x == 107:
    pass
elif x == 108:
    pass
elif x == 109:
    pass
elif x == 110:
    pass
elif x == 111:
    pass
elif x == 112:
    pass
elif x == 113:
    pass
elif x == 114:
    pass
elif x == 115:
    pass
elif x == 116:
    pass
elif x == 117:
    pass
elif x == 118:
    pass
elif x == 119:
    pass
elif x == 120:
    pass
elif x == 121:
    pass
elif x == 122:
    pass
elif x == 123:
    pass
elif x == 124:
    pass
elif x == 125:
    pass
elif x == 126:
    pass
elif x == 127:
    pass
elif x == 128:
    pass
elif x == 129:
    pass
elif x == 130:
    pass
elif x == 131:
    pass
elif x == 132:
    pass
elif x == 133:
    pass
elif x == 134:
    pass
elif x == 135:
    pass
elif x == 136:
    pass
elif x == 137:
    pass
elif x == 138:
    pass
elif x == 139:
    pass
elif x == 140:
    pass
elif x == 141:
    pass
elif x == 142:
    pass
elif x == 143:
    pass
elif x == 144:
    pass
elif x == 145:
    pass
elif x == 146:
    pass
elif x == 147:
    pass
elif x == 148:
    pass
elif x == 149:
    pass
elif x == 150:
    pass
elif x == 151:
    pass
elif x == 152:
    pass
elif x == 153:
    pass
elif x == 154:
    pass
elif x == 155:
    pass
elif x == 156:
    pass
elif x == 157:
    pass
elif x == 158:
    pass
elif x == 159:
    pass
elif x == 160:
    pass
elif x == 161:
    pass
elif x == 162:
    pass
elif x == 163:
    pass
elif x == 164:
    pass
elif x == 165:
    pass
elif x == 166:
    pass
elif x == 167:
    pass
elif x == 168:
    pass
elif x == 169:
    pass
elif x == 170:
    pass
elif x == 171:
    pass
elif x == 172:
    pass
elif x == 173:
    pass
elif x == 174:
    pass
elif x == 175:
    pass
elif x == 176:
    pass
elif x == 177:
    pass
elif x == 178:
    pass
elif x == 179:
    pass
elif x == 180:
    pass
elif x == 181:
    pass
elif x == 182:
    pass
elif x == 183:
    pass
elif x == 184:
    pass
elif x == 185:
    pass
elif x == 186:
    pass
elif x == 187:
    pass
elif x == 188:
    pass
elif x == 189:
    pass
elif x == 190:
    pass
elif x == 191:
    pass
elif x == 192:
    pass
elif x == 193:
    pass
elif x == 194:
    pass
elif x == 195:
    pass
elif x == 196:
    pass
elif x == 197:
    pass
elif x == 198:
    pass
elif x == 199:
    pass
elif x == 200:
    pass
elif x == 201:
    pass
elif x == 202:
    pass
elif x == 203:
    pass
elif x == 204:
    pass
elif x == 205:
    pass
elif x == 206:
    pass
elif x == 207:
    pass
elif x == 208:
    pass
elif x == 209:
    pass
elif x == 210:
    pass
elif x == 211:
    pass
elif x == 212:
    pass
elif x == 213:
    pass
elif x == 214:
    pass
elif x == 215:
    pass
elif x == 216:
    pass
elif x == 217:
    pass
elif x == 218:
    pass
elif x == 219:
    pass
elif x == 220:
    pass
elif x == 221:
    pass
elif x == 222:
    pass
elif x == 223:
    pass
elif x == 224:
    pass
elif x == 225:
    pass
elif x == 226:
    pass
elif x == 227:
    pass
elif x == 228:
    pass
elif x == 229:
    pass
elif x == 230:
    pass
elif x == 231:
    pass
elif x == 232:
    pass
elif x == 233:
    pass
elif x == 234:
    pass
elif x == 235:
    pass
elif x == 236:
    pass
elif x == 237:
    pass
elif x == 238:
    pass
elif x == 239:
    pass
elif x == 240:
    pass
elif x == 241:
    pass
elif x == 242:
    pass
elif x == 243:
    pass
elif x == 244:
    pass
elif x == 245:
    pass
elif x == 246:
    pass
elif x == 247:
    pass
elif x == 248:
    pass
elif x == 249:
    pass
elif x == 250:
    pass
elif x == 251:
    pass
elif x == 252:
    pass
elif x == 253:
    pass
elif x == 254:
    pass
elif x == 255:
    pass
elif x == 256:
    pass
elif x == 257:
    pass
elif x == 258:
    pass
elif x == 259:
    pass
elif x == 260:
    pass
elif x == 261:
    pass
elif x == 262:
    pass
elif x == 263:
    pass
elif x == 264:
    pass
elif x == 265:
    pass
elif x == 266:
    pass
elif x == 267:
    pass
elif x == 268:
    pass
elif x == 269:
    pass
elif x == 270:
    pass
elif x == 271:
    pass
elif x == 272:
    pass
elif x == 273:
    pass
elif x == 274:
    pass
elif x == 275:
    pass
elif x == 276:
    pass
elif x == 277:
    pass
elif x == 278:
    pass
elif x == 279:
    pass
elif x == 280:
    pass
elif x == 281:
    pass
elif x == 282:
    pass
elif x == 283:
    pass
elif x == 284:
    pass
elif x == 285:
    pass
elif x == 286:
    pass
elif x == 287:
    pass
elif x == 288:
    pass
elif x == 289:
    pass
elif x == 290:
    pass
elif x == 291:
    pass
elif x == 292:
    pass
elif x == 293:
    pass
elif x == 294:
    pass
elif x == 295:
    pass
elif x == 296:
    pass
elif x == 297:
    pass
elif x == 298:
    pass
elif x == 299:
    pass
elif x == 300:
    pass
elif x == 301:
    pass
elif x == 302:
    pass
elif x == 303:
    pass
elif x == 304:
    pass
elif x == 305:
    pass
elif x == 306:
    pass
elif x == 307:
    pass
elif x == 308:
    pass
elif x == 309:
    pass
elif x == 310:
    pass
elif x == 311:
    pass
elif x == 312:
    pass
elif x == 313:
    pass
elif x == 314:
    pass
elif x == 315:
    pass
elif x == 316:
    pass
elif x == 317:
    pass
elif x == 318:
    pass
elif x == 319:
    pass
elif x == 320:
    pass
elif x == 321:
    pass
elif x == 322:
    pass
elif x == 323:
    pass
elif x == 324:
    pass
elif x == 325:
    pass
elif x == 326:
    pass
elif x == 327:
    pass
elif x == 328:
    pass
elif x == 329:
    pass
elif x == 330:
    pass
elif x == 331:
    pass
elif x == 332:
    pass
elif x == 333:
    pass
elif x == 334:
    pass
elif x == 335:
    pass
elif x == 336:
    pass
elif x == 337:
    pass
elif x == 338:
    pass
elif x == 339:
    pass
elif x == 340:
    pass
elif x == 341:
    pass
elif x == 342:
    pass
elif x == 343:
    pass
elif x == 344:
    pass
elif x == 345:
    pass
elif x == 346:
    pass
elif x == 347:
    pass
elif x == 348:
    pass
elif x == 349:
    pass
elif x == 350:
    pass
elif x == 351:
    pass
elif x == 352:
    pass
elif x == 353:
    pass
elif x == 354:
    pass
elif x == 355:
    pass
elif x == 356:
    pass
elif x == 357:
    pass
elif x == 358:
    pass
elif x == 359:
    pass
elif x == 360:
    pass
elif x == 361:
    pass
elif x == 362:
    pass
elif x == 363:
    pass
elif x == 364:
    pass
elif x == 365:
    pass
elif x == 366:
    pass
elif x == 367:
    pass
elif x == 368:
    pass
elif x == 369:
    pass
elif x == 370:
    pass
elif x == 371:
    pass
elif x == 372:
    pass
elif x == 373:
    pass
elif x == 374:
    pass
elif x == 375:
    pass
elif x == 376:
    pass
elif x == 377:
    pass
elif x == 378:
    pass
elif x == 379:
    pass
elif x == 380:
    pass
elif x == 381:
    pass
elif x == 382:
    pass
elif x == 383:
    pass
elif x == 384:
    pass
elif x == 385:
    pass
elif x == 386:
    pass
elif x == 387:
    pass
elif x == 388:
    pass
elif x == 389:
    pass
elif x == 390:
    pass
elif x == 391:
    pass
elif x == 392:
    pass
elif x == 393:
    pass
elif x == 394:
    pass
elif x == 395:
    pass
elif x == 396:
    pass
elif x == 397:
    pass
elif x == 398:
    pass
elif x == 399:
    pass
elif x == 400:
    pass
elif x == 401:
    pass
elif x == 402:
    pass
elif x == 403:
    pass
elif x == 404:
    pass
elif x == 405:
    pass
elif x == 406:
    pass
elif x == 407:
    pass
elif x == 408:
    pass
elif x == 409:
    pass
elif x == 410:
    pass
elif x == 411:
    pass
elif x == 412:
    pass
elif x == 413:
    pass
elif x == 414:
    pass
elif x == 415:
    pass
elif x == 416:
    pass
elif x == 417:
    pass
elif x == 418:
    pass
elif x == 419:
    pass
elif x == 420:
    pass
elif x == 421:
    pass
elif x == 422:
    pass
elif x == 423:
    pass
elif x == 424:
    pass
elif x == 425:
    pass
elif x == 426:
    pass
elif x == 427:
    pass
elif x == 428:
    pass
elif x == 429:
    pass
elif x == 430:
    pass
elif x == 431:
    pass
elif x == 432:
    pass
elif x == 433:
    pass
elif x == 434:
    pass
elif x == 435:
    pass
elif x == 436:
    pass
elif x == 437:
    pass
elif x == 438:
    pass
elif x == 439:
    pass
elif x == 440:
    pass
elif x == 441:
    pass
elif x == 442:
    pass
elif x == 443:
    pass
elif x == 444:
    pass
elif x == 445:
    pass
elif x == 446:
    pass
elif x == 447:
    pass
elif x == 448:
    pass
elif x == 449:
    pass
elif x == 450:
    pass
elif x == 451:
    pass
elif x == 452:
    pass
elif x == 453:
    pass
elif x == 454:
    pass
elif x == 455:
    pass
elif x == 456:
    pass
elif x == 457:
    pass
elif x == 458:
    pass
elif x == 459:
    pass
elif x == 460:
    pass
elif x == 461:
    pass
elif x == 462:
    pass
elif x == 463:
    pass
elif x == 464:
    pass
elif x == 465:
    pass
elif x == 466:
    pass
elif x == 467:
    pass
elif x == 468:
    pass
elif x == 469:
    pass
elif x == 470:
    pass
elif x == 471:
    pass
elif x == 472:
    pass
elif x == 473:
    pass
elif x == 474:
    pass
elif x == 475:
    pass
elif x == 476:
    pass
elif x == 477:
    pass
elif x == 478:
    pass
elif x == 479:
    pass
elif x == 480:
    pass
elif x == 481:
    pass
elif x == 482:
    pass
elif x == 483:
    pass
elif x == 484:
    pass
elif x == 485:
    pass
elif x == 486:
    pass
elif x == 487:
    pass
elif x == 488:
    pass
elif x == 489:
    pass
elif x == 490:
    pass
elif x == 491:
    pass
elif x == 492:
    pass
elif x == 493:
    pass
elif x == 494:
    pass
elif x == 495:
    pass
elif x == 496:
    pass
elif x == 497:
    pass
elif x == 498:
    pass
elif x == 499:
    pass
elif x == 500:
    pass
elif x == 501:
    pass
elif x == 502:
    pass
elif x == 503:
    pass
elif x == 504:
    pass
elif x == 505:
    pass
elif x == 506:
    pass
elif x == 507:
    pass
elif x == 508:
    pass
elif x == 509:
    pass
elif x == 510:
    pass
elif x == 511:
    pass
elif x == 512:
    pass
elif x == 513:
    pass
elif x == 514:
    pass
elif x == 515:
    pass
elif x == 516:
    pass
elif x == 517:
    pass
elif x == 518:
    pass
elif x == 519:
    pass
elif x == 520:
    pass
elif x == 521:
    pass
elif x == 522:
    pass
elif x == 523:
    pass
elif x == 524:
    pass
elif x == 525:
    pass
elif x == 526:
    pass
elif x == 527:
    pass
elif x == 528:
    pass
elif x == 529:
    pass
elif x == 530:
    pass
elif x == 531:
    pass
elif x == 532:
    pass
elif x == 533:
    pass
elif x == 534:
    pass
elif x == 535:
    pass
elif x == 536:
    pass
elif x == 537:
    pass
elif x == 538:
    pass
elif x == 539:
    pass
elif x == 540:
    pass
elif x == 541:
    pass
elif x == 542:
    pass
elif x == 543:
    pass
elif x == 544:
    pass
elif x == 545:
    pass
elif x == 546:
    pass
elif x == 547:
    pass
elif x == 548:
    pass
elif x == 549:
    pass
elif x == 550:
    pass
elif x == 551:
    pass
elif x == 552:
    pass
elif x == 553:
    pass
elif x == 554:
    pass
elif x == 555:
    pass
elif x == 556:
    pass
elif x == 557:
    pass
elif x == 558:
    pass
elif x == 559:
    pass
elif x == 560:
    pass
elif x == 561:
    pass
elif x == 562:
    pass
elif x == 563:
    pass
elif x == 564:
    pass
elif x == 565:
    pass
elif x == 566:
    pass
elif x == 567:
    pass
elif x == 568:
    pass
elif x == 569:
    pass
elif x == 570:
    pass
elif x == 571:
    pass
elif x == 572:
    pass
elif x == 573:
    pass
elif x == 574:
    pass
elif x == 575:
    pass
elif x == 576:
    pass
elif x == 577:
    pass
elif x == 578:
    pass
elif x == 579:
    pass
elif x == 580:
    pass
elif x == 581:
    pass
elif x == 582:
    pass
elif x == 583:
    pass
elif x == 584:
    pass
elif x == 585:
    pass
elif x == 586:
    pass
elif x == 587:
    pass
elif x == 588:
    pass
elif x == 589:
    pass
elif x == 590:
    pass
elif x == 591:
    pass
elif x == 592:
    pass
elif x == 593:
    pass
elif x == 594:
    pass
elif x == 595:
    pass
elif x == 596:
    pass
elif x == 597:
    pass
elif x == 598:
    pass
elif x == 599:
    pass
elif x == 600:
    pass
elif x == 601:
    pass
elif x == 602:
    pass
elif x == 603:
    pass
elif x == 604:
    pass
elif x == 605:
    pass
elif x == 606:
    pass
elif x == 607:
    pass
elif x == 608:
    pass
elif x == 609:
    pass
elif x == 610:
    pass
elif x == 611:
    pass
elif x == 612:
    pass
elif x == 613:
    pass
elif x == 614:
    pass
elif x == 615:
    pass
elif x == 616:
    pass
elif x == 617:
    pass
elif x == 618:
    pass
elif x == 619:
    pass
elif x == 620:
    pass
elif x == 621:
    pass
elif x == 622:
    pass
elif x == 623:
    pass
elif x == 624:
    pass
elif x == 625:
    pass
elif x == 626:
    pass
elif x == 627:
    pass
elif x == 628:
    pass
elif x == 629:
    pass
elif x == 630:
    pass
elif x == 631:
    pass
elif x == 632:
    pass
elif x == 633:
    pass
elif x == 634:
    pass
elif x == 635:
    pass
elif x == 636:
    pass
elif x == 637:
    pass
elif x == 638:
    pass
elif x == 639:
    pass
elif x == 640:
    pass
elif x == 641:
    pass
elif x == 642:
    pass
elif x == 643:
    pass
elif x == 644:
    pass
elif x == 645:
    pass
elif x == 646:
    pass
elif x == 647:
    pass
elif x == 648:
    pass
elif x == 649:
    pass
elif x == 650:
    pass
elif x == 651:
    pass
elif x == 652:
    pass
elif x == 653:
    pass
elif x == 654:
    pass
elif x == 655:
    pass
elif x == 656:
    pass
elif x == 657:
    pass
elif x == 658:
    pass
elif x == 659:
    pass
elif x == 660:
    pass
elif x == 661:
    pass
elif x == 662:
    pass
elif x == 663:
    pass
elif x == 664:
    pass
elif x == 665:
    pass
elif x == 666:
    pass
elif x == 667:
    pass
elif x == 668:
    pass
elif x == 669:
    pass
elif x == 670:
    pass
elif x == 671:
    pass
elif x == 672:
    pass
elif x == 673:
    pass
elif x == 674:
    pass
elif x == 675:
    pass
elif x == 676:
    pass
elif x == 677:
    pass
elif x == 678:
    pass
elif x == 679:
    pass
elif x == 680:
    pass
elif x == 681:
    pass
elif x == 682:
    pass
elif x == 683:
    pass
elif x == 684:
    pass
elif x == 685:
    pass
elif x == 686:
    pass
elif x == 687:
    pass
elif x == 688:
    pass
elif x == 689:
    pass
elif x == 690:
    pass
elif x == 691:
    pass
elif x == 692:
    pass
elif x == 693:
    pass
elif x == 694:
    pass
elif x == 695:
    pass
elif x == 696:
    pass
elif x == 697:
    pass
elif x == 698:
    pass
elif x == 699:
    pass
elif x == 700:
    pass
elif x == 701:
    pass
elif x == 702:
    pass
elif x == 703:
    pass
elif x == 704:
    pass
elif x == 705:
    pass
elif x == 706:
    pass
elif x == 707:
    pass
elif x == 708:
    pass
elif x == 709:
    pass
elif x == 710:
    pass
elif x == 711:
    pass
elif x == 712:
    pass
elif x == 713:
    pass
elif x == 714:
    pass
elif x == 715:
    pass
elif x == 716:
    pass
elif x == 717:
    pass
elif x == 718:
    pass
elif x == 719:
    pass
elif x == 720:
    pass
elif x == 721:
    pass
elif x == 722:
    pass
elif x == 723:
    pass
elif x == 724:
    pass
elif x == 725:
    pass
elif x == 726:
    pass
elif x == 727:
    pass
elif x == 728:
    pass
elif x == 729:
    pass
elif x == 730:
    pass
elif x == 731:
    pass
elif x == 732:
    pass
elif x == 733:
    pass
elif x == 734:
    pass
elif x == 735:
    pass
elif x == 736:
    pass
elif x == 737:
    pass
elif x == 738:
    pass
elif x == 739:
    pass
elif x == 740:
    pass
elif x == 741:
    pass
elif x == 742:
    pass
elif x == 743:
    pass
elif x == 744:
    pass
elif x == 745:
    pass
elif x == 746:
    pass
elif x == 747:
    pass
elif x == 748:
    pass
elif x == 749:
    pass
elif x == 750:
    pass
elif x == 751:
    pass
elif x == 752:
    pass
elif x == 753:
    pass
elif x == 754:
    pass
elif x == 755:
    pass
elif x == 756:
    pass
elif x == 757:
    pass
elif x == 758:
    pass
elif x == 759:
    pass
elif x == 760:
    pass
elif x == 761:
    pass
elif x == 762:
    pass
elif x == 763:
    pass
elif x == 764:
    pass
elif x == 765:
    pass
elif x == 766:
    pass
elif x == 767:
    pass
elif x == 768:
    pass
elif x == 769:
    pass
elif x == 770:
    pass
elif x == 771:
    pass
elif x == 772:
    pass
elif x == 773:
    pass
elif x == 774:
    pass
elif x == 775:
    pass
elif x == 776:
    pass
elif x == 777:
    pass
elif x == 778:
    pass
elif x == 779:
    pass
elif x == 780:
    pass
elif x == 781:
    pass
elif x == 782:
    pass
elif x == 783:
    pass
elif x == 784:
    pass
elif x == 785:
    pass
elif x == 786:
    pass
elif x == 787:
    pass
elif x == 788:
    pass
elif x == 789:
    pass
elif x == 790:
    pass
elif x == 791:
    pass
elif x == 792:
    pass
elif x == 793:
    pass
elif x == 794:
    pass
elif x == 795:
    pass
elif x == 796:
    pass
elif x == 797:
    pass
elif x == 798:
    pass
elif x == 799:
    pass
elif x == 800:
    pass
elif x == 801:
    pass
elif x == 802:
    pass
elif x == 803:
    pass
elif x == 804:
    pass
elif x == 805:
    pass
elif x == 806:
    pass
elif x == 807:
    pass
elif x == 808:
    pass
elif x == 809:
    pass
elif x == 810:
    pass
elif x == 811:
    pass
elif x == 812:
    pass
elif x == 813:
    pass
elif x == 814:
    pass
elif x == 815:
    pass
elif x == 816:
    pass
elif x == 817:
    pass
elif x == 818:
    pass
elif x == 819:
    pass
elif x == 820:
    pass
elif x == 821:
    pass
elif x == 822:
    pass
elif x == 823:
    pass
elif x == 824:
    pass
elif x == 825:
    pass
elif x == 826:
    pass
elif x == 827:
    pass
elif x == 828:
    pass
elif x == 829:
    pass
elif x == 830:
    pass
elif x == 831:
    pass
elif x == 832:
    pass
elif x == 833:
    pass
elif x == 834:
    pass
elif x == 835:
    pass
elif x == 836:
    pass
elif x == 837:
    pass
elif x == 838:
    pass
elif x == 839:
    pass
elif x == 840:
    pass
elif x == 841:
    pass
elif x == 842:
    pass
elif x == 843:
    pass
elif x == 844:
    pass
elif x == 845:
    pass
elif x == 846:
    pass
elif x == 847:
    pass
elif x == 848:
    pass
elif x == 849:
    pass
elif x == 850:
    pass
elif x == 851:
    pass
elif x == 852:
    pass
elif x == 853:
    pass
elif x == 854:
    pass
elif x == 855:
    pass
elif x == 856:
    pass
elif x == 857:
    pass
elif x == 858:
    pass
elif x == 859:
    pass
elif x == 860:
    pass
elif x == 861:
    pass
elif x == 862:
    pass
elif x == 863:
    pass
elif x == 864:
    pass
elif x == 865:
    pass
elif x == 866:
    pass
elif x == 867:
    pass
elif x == 868:
    pass
elif x == 869:
    pass
elif x == 870:
    pass
elif x == 871:
    pass
elif x == 872:
    pass
elif x == 873:
    pass
elif x == 874:
    pass
elif x == 875:
    pass
elif x == 876:
    pass
elif x == 877:
    pass
elif x == 878:
    pass
elif x == 879:
    pass
elif x == 880:
    pass
elif x == 881:
    pass
elif x == 882:
    pass
elif x == 883:
    pass
elif x == 884:
    pass
elif x == 885:
    pass
elif x == 886:
    pass
elif x == 887:
    pass
elif x == 888:
    pass
elif x == 889:
    pass
elif x == 890:
    pass
elif x == 891:
    pass
elif x == 892:
    pass
elif x == 893:
    pass
elif x == 894:
    pass
elif x == 895:
    pass
elif x == 896:
    pass
elif x == 897:
    pass
elif x == 898:
    pass
elif x == 899:
    pass
elif x == 900:
    pass
elif x == 901:
    pass
elif x == 902:
    pass
elif x == 903:
    pass
elif x == 904:
    pass
elif x == 905:
    pass
elif x == 906:
    pass
elif x == 907:
    pass
elif x == 908:
    pass
elif x == 909:
    pass
elif x == 910:
    pass
elif x == 911:
    pass
elif x == 912:
    pass
elif x == 913:
    pass
elif x == 914:
    pass
elif x == 915:
    pass
elif x == 916:
    pass
elif x == 917:
    pass
elif x == 918:
    pass
elif x == 919:
    pass
elif x == 920:
    pass
elif x == 921:
    pass
elif x == 922:
    pass
elif x == 923:
    pass
elif x == 924:
    pass
elif x == 925:
    pass
elif x == 926:
    pass
elif x == 927:
    pass
elif x == 928:
    pass
elif x == 929:
    pass
elif x == 930:
    pass
elif x == 931:
    pass
elif x == 932:
    pass
elif x == 933:
    pass
elif x == 934:
    pass
elif x == 935:
    pass
elif x == 936:
    pass
elif x == 937:
    pass
elif x == 938:
    pass
elif x == 939:
    pass
elif x == 940:
    pass
elif x == 941:
    pass
elif x == 942:
    pass
elif x == 943:
    pass
elif x == 944:
    pass
elif x == 945:
    pass
elif x == 946:
    pass
elif x == 947:
    pass
elif x == 948:
    pass
elif x == 949:
    pass
elif x == 950:
    pass
elif x == 951:
    pass
elif x == 952:
    pass
elif x == 953:
    pass
elif x == 954:
    pass
elif x == 955:
    pass
elif x == 956:
    pass
elif x == 957:
    pass
elif x == 958:
    pass
elif x == 959:
    pass
elif x == 960:
    pass
elif x == 961:
    pass
elif x == 962:
    pass
elif x == 963:
    pass
elif x == 964:
    pass
elif x == 965:
    pass
elif x == 966:
    pass
elif x == 967:
    pass
elif x == 968:
    pass
elif x == 969:
    pass
elif x == 970:
    pass
elif x == 971:
    pass
elif x == 972:
    pass
elif x == 973:
    pass
elif x == 974:
    pass
elif x == 975:
    pass
elif x == 976:
    pass
elif x == 977:
    pass
elif x == 978:
    pass
elif x == 979:
    pass
elif x == 980:
    pass
elif x == 981:
    pass
elif x == 982:
    pass
elif x == 983:
    pass
elif x == 984:
    pass
elif x == 985:
    pass
elif x == 986:
    pass
elif x == 987:
    pass
elif x == 988:
    pass
elif x == 989:
    pass
elif x == 990:
    pass
elif x == 991:
    pass
elif x == 992:
    pass
elif x == 993:
    pass
elif x == 994:
    pass
elif x == 995:
    pass
elif x == 996:
    pass
elif x == 997:
    pass
elif x == 998:
    pass
elif x == 999:
    pass
elif x == 1000:
    pass
elif x == 1001:
    pass
elif x == 1002:
    pass
elif x == 1003:
    pass
elif x == 1004:
    pass
elif x == 1005:
    pass
elif x == 1006:
    pass
elif x == 1007:
    pass
elif x == 1008:
    pass
elif x == 1009:
    pass
elif x == 1010:
    pass
elif x == 1011:
    pass
elif x == 1012:
    pass
elif x == 1013:
    pass
elif x == 1014:
    pass
elif x == 1015:
    pass
elif x == 1016:
    pass
elif x == 1017:
    pass
elif x == 1018:
    pass
elif x == 1019:
    pass
elif x == 1020:
    pass
elif x == 1021:
    pass
elif x == 1022:
    pass
elif x == 1023:
    pass
elif x == 1024:
    pass
elif x == 1025:
    pass
elif x == 1026:
    pass
elif x == 1027:
    pass
elif x == 1028:
    pass
elif x == 1029:
    pass
elif x == 1030:
    pass
elif x == 1031:
    pass
elif x == 1032:
    pass
elif x == 1033:
    pass
elif x == 1034:
    pass
elif x == 1035:
    pass
elif x == 1036:
    pass
elif x == 1037:
    pass
elif x == 1038:
    pass
elif x == 1039:
    pass
elif x == 1040:
    pass
elif x == 1041:
    pass
elif x == 1042:
    pass
elif x == 1043:
    pass
elif x == 1044:
    pass
elif x == 1045:
    pass
elif x == 1046:
    pass
elif x == 1047:
    pass
elif x == 1048:
    pass
elif x == 1049:
    pass
elif x == 1050:
    pass
elif x == 1051:
    pass
elif x == 1052:
    pass
elif x == 1053:
    pass
elif x == 1054:
    pass
elif x == 1055:
    pass
elif x == 1056:
    pass
elif x == 1057:
    pass
elif x == 1058:
    pass
elif x == 1059:
    pass
elif x == 1060:
    pass
elif x == 1061:
    pass
elif x == 1062:
    pass
elif x == 1063:
    pass
elif x == 1064:
    pass
elif x == 1065:
    pass
elif x == 1066:
    pass
elif x == 1067:
    pass
elif x == 1068:
    pass
elif x == 1069:
    pass
elif x == 1070:
    pass
elif x == 1071:
    pass
elif x == 1072:
    pass
elif x == 1073:
    pass
elif x == 1074:
    pass
elif x == 1075:
    pass
elif x == 1076:
    pass
elif x == 1077:
    pass
elif x == 1078:
    pass
elif x == 1079:
    pass
elif x == 1080:
    pass
elif x == 1081:
    pass
elif x == 1082:
    pass
elif x == 1083:
    pass
elif x == 1084:
    pass
elif x == 1085:
    pass
elif x == 1086:
    pass
elif x == 1087:
    pass
elif x == 1088:
    pass
elif x == 1089:
    pass
elif x == 1090:
    pass
elif x == 1091:
    pass
elif x == 1092:
    pass
elif x == 1093:
    pass
elif x == 1094:
    pass
elif x == 1095:
    pass
elif x == 1096:
    pass
elif x == 1097:
    pass
elif x == 1098:
    pass
elif x == 1099:
    pass
elif x == 1100:
    pass
elif x == 1101:
    pass
elif x == 1102:
    pass
elif x == 1103:
    pass
elif x == 1104:
    pass
elif x == 1105:
    pass
elif x == 1106:
    pass
elif x == 1107:
    pass
elif x == 1108:
    pass
elif x == 1109:
    pass
elif x == 1110:
    pass
elif x == 1111:
    pass
elif x == 1112:
    pass
elif x == 1113:
    pass
elif x == 1114:
    pass
elif x == 1115:
    pass
elif x == 1116:
    pass
elif x == 1117:
    pass
elif x == 1118:
    pass
elif x == 1119:
    pass
elif x == 1120:
    pass
elif x == 1121:
    pass
elif x == 1122:
    pass
elif x == 1123:
    pass
elif x == 1124:
    pass
elif x == 1125:
    pass
elif x == 1126:
    pass
elif x == 1127:
    pass
elif x == 1128:
    pass
elif x == 1129:
    pass
elif x == 1130:
    pass
elif x == 1131:
    pass
elif x == 1132:
    pass
elif x == 1133:
    pass
elif x == 1134:
    pass
elif x == 1135:
    pass
elif x == 1136:
    pass
elif x == 1137:
    pass
elif x == 1138:
    pass
elif x == 1139:
    pass
elif x == 1140:
    pass
elif x == 1141:
    pass
elif x == 1142:
    pass
elif x == 1143:
    pass
elif x == 1144:
    pass
elif x == 1145:
    pass
elif x == 1146:
    pass
elif x == 1147:
    pass
elif x == 1148:
    pass
elif x == 1149:
    pass
elif x == 1150:
    pass
elif x == 1151:
    pass
elif x == 1152:
    pass
elif x == 1153:
    pass
elif x == 1154:
    pass
elif x == 1155:
    pass
elif x == 1156:
    pass
elif x == 1157:
    pass
elif x == 1158:
    pass
elif x == 1159:
    pass
elif x == 1160:
    pass
elif x == 1161:
    pass
elif x == 1162:
    pass
elif x == 1163:
    pass
elif x == 1164:
    pass
elif x == 1165:
    pass
elif x == 1166:
    pass
elif x == 1167:
    pass
elif x == 1168:
    pass
elif x == 1169:
    pass
elif x == 1170:
    pass
elif x == 1171:
    pass
elif x == 1172:
    pass
elif x == 1173:
    pass
elif x == 1174:
    pass
elif x == 1175:
    pass
elif x == 1176:
    pass
elif x == 1177:
    pass
elif x == 1178:
    pass
elif x == 1179:
    pass
elif x == 1180:
    pass
elif x == 1181:
    pass
elif x == 1182:
    pass
elif x == 1183:
    pass
elif x == 1184:
    pass
elif x == 1185:
    pass
elif x == 1186:
    pass
elif x == 1187:
    pass
elif x == 1188:
    pass
elif x == 1189:
    pass
elif x == 1190:
    pass
elif x == 1191:
    pass
elif x == 1192:
    pass
elif x == 1193:
    pass
elif x == 1194:
    pass
elif x == 1195:
    pass
elif x == 1196:
    pass
elif x == 1197:
    pass
elif x == 1198:
    pass
elif x == 1199:
    pass
elif x == 1200:
    pass
elif x == 1201:
    pass
elif x == 1202:
    pass
elif x == 1203:
    pass
elif x == 1204:
    pass
elif x == 1205:
    pass
elif x == 1206:
    pass
elif x == 1207:
    pass
elif x == 1208:
    pass
elif x == 1209:
    pass
elif x == 1210:
    pass
elif x == 1211:
    pass
elif x == 1212:
    pass
elif x == 1213:
    pass
elif x == 1214:
    pass
elif x == 1215:
    pass
elif x == 1216:
    pass
elif x == 1217:
    pass
elif x == 1218:
    pass
elif x == 1219:
    pass
elif x == 1220:
    pass
elif x == 1221:
    pass
elif x == 1222:
    pass
elif x == 1223:
    pass
elif x == 1224:
    pass
elif x == 1225:
    pass
elif x == 1226:
    pass
elif x == 1227:
    pass
elif x == 1228:
    pass
elif x == 1229:
    pass
elif x == 1230:
    pass
elif x == 1231:
    pass
elif x == 1232:
    pass
elif x == 1233:
    pass
elif x == 1234:
    pass
elif x == 1235:
    pass
elif x == 1236:
    pass
elif x == 1237:
    pass
elif x == 1238:
    pass
elif x == 1239:
    pass
elif x == 1240:
    pass
elif x == 1241:
    pass
elif x == 1242:
    pass
elif x == 1243:
    pass
elif x == 1244:
    pass
elif x == 1245:
    pass
elif x == 1246:
    pass
elif x == 1247:
    pass
elif x == 1248:
    pass
elif x == 1249:
    pass
elif x == 1250:
    pass
elif x == 1251:
    pass
elif x == 1252:
    pass
elif x == 1253:
    pass
elif x == 1254:
    pass
elif x == 1255:
    pass
elif x == 1256:
    pass
elif x == 1257:
    pass
elif x == 1258:
    pass
elif x == 1259:
    pass
elif x == 1260:
    pass
elif x == 1261:
    pass
elif x == 1262:
    pass
elif x == 1263:
    pass
elif x == 1264:
    pass
elif x == 1265:
    pass
elif x == 1266:
    pass
elif x == 1267:
    pass
elif x == 1268:
    pass
elif x == 1269:
    pass
elif x == 1270:
    pass
elif x == 1271:
    pass
elif x == 1272:
    pass
elif x == 1273:
    pass
elif x == 1274:
    pass
elif x == 1275:
    pass
elif x == 1276:
    pass
elif x == 1277:
    pass
elif x == 1278:
    pass
elif x == 1279:
    pass
elif x == 1280:
    pass
elif x == 1281:
    pass
elif x == 1282:
    pass
elif x == 1283:
    pass
elif x == 1284:
    pass
elif x == 1285:
    pass
elif x == 1286:
    pass
elif x == 1287:
    pass
elif x == 1288:
    pass
elif x == 1289:
    pass
elif x == 1290:
    pass
elif x == 1291:
    pass
elif x == 1292:
    pass
elif x == 1293:
    pass
elif x == 1294:
    pass
elif x == 1295:
    pass
elif x == 1296:
    pass
elif x == 1297:
    pass
elif x == 1298:
    pass
elif x == 1299:
    pass
elif x == 1300:
    pass
elif x == 1301:
    pass
elif x == 1302:
    pass
elif x == 1303:
    pass
elif x == 1304:
    pass
elif x == 1305:
    pass
elif x == 1306:
    pass
elif x == 1307:
    pass
elif x == 1308:
    pass
elif x == 1309:
    pass
elif x == 1310:
    pass
elif x == 1311:
    pass
elif x == 1312:
    pass
elif x == 1313:
    pass
elif x == 1314:
    pass
elif x == 1315:
    pass
elif x == 1316:
    pass
elif x == 1317:
    pass
elif x == 1318:
    pass
elif x == 1319:
    pass
elif x == 1320:
    pass
elif x == 1321:
    pass
elif x == 1322:
    pass
elif x == 1323:
    pass
elif x == 1324:
    pass
elif x == 1325:
    pass
elif x == 1326:
    pass
elif x == 1327:
    pass
elif x == 1328:
    pass
elif x == 1329:
    pass
elif x == 1330:
    pass
elif x == 1331:
    pass
elif x == 1332:
    pass
elif x == 1333:
    pass
elif x == 1334:
    pass
elif x == 1335:
    pass
elif x == 1336:
    pass
elif x == 1337:
    pass
elif x == 1338:
    pass
elif x == 1339:
    pass
elif x == 1340:
    pass
elif x == 1341:
    pass
elif x == 1342:
    pass
elif x == 1343:
    pass
elif x == 1344:
    pass
elif x == 1345:
    pass
elif x == 1346:
    pass
elif x == 1347:
    pass
elif x == 1348:
    pass
elif x == 1349:
    pass
elif x == 1350:
    pass
elif x == 1351:
    pass
elif x == 1352:
    pass
elif x == 1353:
    pass
elif x == 1354:
    pass
elif x == 1355:
    pass
elif x == 1356:
    pass
elif x == 1357:
    pass
elif x == 1358:
    pass
elif x == 1359:
    pass
elif x == 1360:
    pass
elif x == 1361:
    pass
elif x == 1362:
    pass
elif x == 1363:
    pass
elif x == 1364:
    pass
elif x == 1365:
    pass
elif x == 1366:
    pass
elif x == 1367:
    pass
elif x == 1368:
    pass
elif x == 1369:
    pass
elif x == 1370:
    pass
elif x == 1371:
    pass
elif x == 1372:
    pass
elif x == 1373:
    pass
elif x == 1374:
    pass
elif x == 1375:
    pass
elif x == 1376:
    pass
elif x == 1377:
    pass
elif x == 1378:
    pass
elif x == 1379:
    pass
elif x == 1380:
    pass
elif x == 1381:
    pass
elif x == 1382:
    pass
elif x == 1383:
    pass
elif x == 1384:
    pass
elif x == 1385:
    pass
elif x == 1386:
    pass
elif x == 1387:
    pass
elif x == 1388:
    pass
elif x == 1389:
    pass
elif x == 1390:
    pass
elif x == 1391:
    pass
elif x == 1392:
    pass
elif x == 1393:
    pass
elif x == 1394:
    pass
elif x == 1395:
    pass
elif x == 1396:
    pass
elif x == 1397:
    pass
elif x == 1398:
    pass
elif x == 1399:
    pass
elif x == 1400:
    pass
elif x == 1401:
    pass
elif x == 1402:
    pass
elif x == 1403:
    pass
elif x == 1404:
    pass
elif x == 1405:
    pass
elif x == 1406:
    pass
elif x == 1407:
    pass
elif x == 1408:
    pass
elif x == 1409:
    pass
elif x == 1410:
    pass
elif x == 1411:
    pass
elif x == 1412:
    pass
elif x == 1413:
    pass
elif x == 1414:
    pass
elif x == 1415:
    pass
elif x == 1416:
    pass
elif x == 1417:
    pass
elif x == 1418:
    pass
elif x == 1419:
    pass
elif x == 1420:
    pass
elif x == 1421:
    pass
elif x == 1422:
    pass
elif x == 1423:
    pass
elif x == 1424:
    pass
elif x == 1425:
    pass
elif x == 1426:
    pass
elif x == 1427:
    pass
elif x == 1428:
    pass
elif x == 1429:
    pass
elif x == 1430:
    pass
elif x == 1431:
    pass
elif x == 1432:
    pass
elif x == 1433:
    pass
elif x == 1434:
    pass
elif x == 1435:
    pass
elif x == 1436:
    pass
elif x == 1437:
    pass
elif x == 1438:
    pass
elif x == 1439:
    pass
elif x == 1440:
    pass
elif x == 1441:
    pass
elif x == 1442:
    pass
elif x == 1443:
    pass
elif x == 1444:
    pass
elif x == 1445:
    pass
elif x == 1446:
    pass
elif x == 1447:
    pass
elif x == 1448:
    pass
elif x == 1449:
    pass
elif x == 1450:
    pass
elif x == 1451:
    pass
elif x == 1452:
    pass
elif x == 1453:
    pass
elif x == 1454:
    pass
elif x == 1455:
    pass
elif x == 1456:
    pass
elif x == 1457:
    pass
elif x == 1458:
    pass
elif x == 1459:
    pass
elif x == 1460:
    pass
elif x == 1461:
    pass
elif x == 1462:
    pass
elif x == 1463:
    pass
elif x == 1464:
    pass
elif x == 1465:
    pass
elif x == 1466:
    pass
elif x == 1467:
    pass
elif x == 1468:
    pass
elif x == 1469:
    pass
elif x == 1470:
    pass
elif x == 1471:
    pass
elif x == 1472:
    pass
elif x == 1473:
    pass
elif x == 1474:
    pass
elif x == 1475:
    pass
elif x == 1476:
    pass
elif x == 1477:
    pass
elif x == 1478:
    pass
elif x == 1479:
    pass
elif x == 1480:
    pass
elif x == 1481:
    pass
elif x == 1482:
    pass
elif x == 1483:
    pass
elif x == 1484:
    pass
elif x == 1485:
    pass
elif x == 1486:
    pass
elif x == 1487:
    pass
elif x == 1488:
    pass
elif x == 1489:
    pass
elif x == 1490:
    pass
elif x == 1491:
    pass
elif x == 1492:
    pass
elif x == 1493:
    pass
elif x == 1494:
    pass
elif x == 1495:
    pass
elif x == 1496:
    pass
elif x == 1497:
    pass
elif x == 1498:
    pass
elif x == 1499:
    pass
elif x == 1500:
    pass
elif x == 1501:
    pass
elif x == 1502:
    pass
elif x == 1503:
    pass
elif x == 1504:
    pass
elif x == 1505:
    pass
elif x == 1506:
    pass
elif x == 1507:
    pass
elif x == 1508:
    pass
elif x == 1509:
    pass
elif x == 1510:
    pass
elif x == 1511:
    pass
elif x == 1512:
    pass
elif x == 1513:
    pass
elif x == 1514:
    pass
elif x == 1515:
    pass
elif x == 1516:
    pass
elif x == 1517:
    pass
elif x == 1518:
    pass
elif x == 1519:
    pass
elif x == 1520:
    pass
elif x == 1521:
    pass
elif x == 1522:
    pass
elif x == 1523:
    pass
elif x == 1524:
    pass
elif x == 1525:
    pass
elif x == 1526:
    pass
elif x == 1527:
    pass
elif x == 1528:
    pass
elif x == 1529:
    pass
elif x == 1530:
    pass
elif x == 1531:
    pass
elif x == 1532:
    pass
elif x == 1533:
    pass
elif x == 1534:
    pass
elif x == 1535:
    pass
elif x == 1536:
    pass
elif x == 1537:
    pass
elif x == 1538:
    pass
elif x == 1539:
    pass
elif x == 1540:
    pass
elif x == 1541:
    pass
elif x == 1542:
    pass
elif x == 1543:
    pass
elif x == 1544:
    pass
elif x == 1545:
    pass
elif x == 1546:
    pass
elif x == 1547:
    pass
elif x == 1548:
    pass
elif x == 1549:
    pass
elif x == 1550:
    pass
elif x == 1551:
    pass
elif x == 1552:
    pass
elif x == 1553:
    pass
elif x == 1554:
    pass
elif x == 1555:
    pass
elif x == 1556:
    pass
elif x == 1557:
    pass
elif x == 1558:
    pass
elif x == 1559:
    pass
elif x == 1560:
    pass
elif x == 1561:
    pass
elif x == 1562:
    pass
elif x == 1563:
    pass
elif x == 1564:
    pass
elif x == 1565:
    pass
elif x == 1566:
    pass
elif x == 1567:
    pass
elif x == 1568:
    pass
elif x == 1569:
    pass
elif x == 1570:
    pass
elif x == 1571:
    pass
elif x == 1572:
    pass
elif x == 1573:
    pass
elif x == 1574:
    pass
elif x == 1575:
    pass
elif x == 1576:
    pass
elif x == 1577:
    pass
elif x == 1578:
    pass
elif x == 1579:
    pass
elif x == 1580:
    pass
elif x == 1581:
    pass
elif x == 1582:
    pass
elif x == 1583:
    pass
elif x == 1584:
    pass
elif x == 1585:
    pass
elif x == 1586:
    pass
elif x == 1587:
    pass
elif x == 1588:
    pass
elif x == 1589:
    pass
elif x == 1590:
    pass
elif x == 1591:
    pass
elif x == 1592:
    pass
elif x == 1593:
    pass
elif x == 1594:
    pass
elif x == 1595:
    pass
elif x == 1596:
    pass
elif x == 1597:
    pass
elif x == 1598:
    pass
elif x == 1599:
    pass
elif x == 1600:
    pass
elif x == 1601:
    pass
elif x == 1602:
    pass
elif x == 1603:
    pass
elif x == 1604:
    pass
elif x == 1605:
    pass
elif x == 1606:
    pass
elif x == 1607:
    pass
elif x == 1608:
    pass
elif x == 1609:
    pass
elif x == 1610:
    pass
elif x == 1611:
    pass
elif x == 1612:
    pass
elif x == 1613:
    pass
elif x == 1614:
    pass
elif x == 1615:
    pass
elif x == 1616:
    pass
elif x == 1617:
    pass
elif x == 1618:
    pass
elif x == 1619:
    pass
elif x == 1620:
    pass
elif x == 1621:
    pass
elif x == 1622:
    pass
elif x == 1623:
    pass
elif x == 1624:
    pass
elif x == 1625:
    pass
elif x == 1626:
    pass
elif x == 1627:
    pass
elif x == 1628:
    pass
elif x == 1629:
    pass
elif x == 1630:
    pass
elif x == 1631:
    pass
elif x == 1632:
    pass
elif x == 1633:
    pass
elif x == 1634:
    pass
elif x == 1635:
    pass
elif x == 1636:
    pass
elif x == 1637:
    pass
elif x == 1638:
    pass
elif x == 1639:
    pass
elif x == 1640:
    pass
elif x == 1641:
    pass
elif x == 1642:
    pass
elif x == 1643:
    pass
elif x == 1644:
    pass
elif x == 1645:
    pass
elif x == 1646:
    pass
elif x == 1647:
    pass
elif x == 1648:
    pass
elif x == 1649:
    pass
elif x == 1650:
    pass
elif x == 1651:
    pass
elif x == 1652:
    pass
elif x == 1653:
    pass
elif x == 1654:
    pass
elif x == 1655:
    pass
elif x == 1656:
    pass
elif x == 1657:
    pass
elif x == 1658:
    pass
elif x == 1659:
    pass
elif x == 1660:
    pass
elif x == 1661:
    pass
elif x == 1662:
    pass
elif x == 1663:
    pass
elif x == 1664:
    pass
elif x == 1665:
    pass
elif x == 1666:
    pass
elif x == 1667:
    pass
elif x == 1668:
    pass
elif x == 1669:
    pass
elif x == 1670:
    pass
elif x == 1671:
    pass
elif x == 1672:
    pass
elif x == 1673:
    pass
elif x == 1674:
    pass
elif x == 1675:
    pass
elif x == 1676:
    pass
elif x == 1677:
    pass
elif x == 1678:
    pass
elif x == 1679:
    pass
elif x == 1680:
    pass
elif x == 1681:
    pass
elif x == 1682:
    pass
elif x == 1683:
    pass
elif x == 1684:
    pass
elif x == 1685:
    pass
elif x == 1686:
    pass
elif x == 1687:
    pass
elif x == 1688:
    pass
elif x == 1689:
    pass
elif x == 1690:
    pass
elif x == 1691:
    pass
elif x == 1692:
    pass
elif x == 1693:
    pass
elif x == 1694:
    pass
elif x == 1695:
    pass
elif x == 1696:
    pass
elif x == 1697:
    pass
elif x == 1698:
    pass
elif x == 1699:
    pass
elif x == 1700:
    pass
elif x == 1701:
    pass
elif x == 1702:
    pass
elif x == 1703:
    pass
elif x == 1704:
    pass
elif x == 1705:
    pass
elif x == 1706:
    pass
elif x == 1707:
    pass
elif x == 1708:
    pass
elif x == 1709:
    pass
elif x == 1710:
    pass
elif x == 1711:
    pass
elif x == 1712:
    pass
elif x == 1713:
    pass
elif x == 1714:
    pass
elif x == 1715:
    pass
elif x == 1716:
    pass
elif x == 1717:
    pass
elif x == 1718:
    pass
elif x == 1719:
    pass
elif x == 1720:
    pass
elif x == 1721:
    pass
elif x == 1722:
    pass
elif x == 1723:
    pass
elif x == 1724:
    pass
elif x == 1725:
    pass
elif x == 1726:
    pass
elif x == 1727:
    pass
elif x == 1728:
    pass
elif x == 1729:
    pass
elif x == 1730:
    pass
elif x == 1731:
    pass
elif x == 1732:
    pass
elif x == 1733:
    pass
elif x == 1734:
    pass
elif x == 1735:
    pass
elif x == 1736:
    pass
elif x == 1737:
    pass
elif x == 1738:
    pass
elif x == 1739:
    pass
elif x == 1740:
    pass
elif x == 1741:
    pass
elif x == 1742:
    pass
elif x == 1743:
    pass
elif x == 1744:
    pass
elif x == 1745:
    pass
elif x == 1746:
    pass
elif x == 1747:
    pass
elif x == 1748:
    pass
elif x == 1749:
    pass
elif x == 1750:
    pass
elif x == 1751:
    pass
elif x == 1752:
    pass
elif x == 1753:
    pass
elif x == 1754:
    pass
elif x == 1755:
    pass
elif x == 1756:
    pass
elif x == 1757:
    pass
elif x == 1758:
    pass
elif x == 1759:
    pass
elif x == 1760:
    pass
elif x == 1761:
    pass
elif x == 1762:
    pass
elif x == 1763:
    pass
elif x == 1764:
    pass
elif x == 1765:
    pass
elif x == 1766:
    pass
elif x == 1767:
    pass
elif x == 1768:
    pass
elif x == 1769:
    pass
elif x == 1770:
    pass
elif x == 1771:
    pass
elif x == 1772:
    pass
elif x == 1773:
    pass
elif x == 1774:
    pass
elif x == 1775:
    pass
elif x == 1776:
    pass
elif x == 1777:
    pass
elif x == 1778:
    pass
elif x == 1779:
    pass
elif x == 1780:
    pass
elif x == 1781:
    pass
elif x == 1782:
    pass
elif x == 1783:
    pass
elif x == 1784:
    pass
elif x == 1785:
    pass
elif x == 1786:
    pass
elif x == 1787:
    pass
elif x == 1788:
    pass
elif x == 1789:
    pass
elif x == 1790:
    pass
elif x == 1791:
    pass
elif x == 1792:
    pass
elif x == 1793:
    pass
elif x == 1794:
    pass
elif x == 1795:
    pass
elif x == 1796:
    pass
elif x == 1797:
    pass
elif x == 1798:
    pass
elif x == 1799:
    pass
elif x == 1800:
    pass
elif x == 1801:
    pass
elif x == 1802:
    pass
elif x == 1803:
    pass
elif x == 1804:
    pass
elif x == 1805:
    pass
elif x == 1806:
    pass
elif x == 1807:
    pass
elif x == 1808:
    pass
elif x == 1809:
    pass
elif x == 1810:
    pass
elif x == 1811:
    pass
elif x == 1812:
    pass
elif x == 1813:
    pass
elif x == 1814:
    pass
elif x == 1815:
    pass
elif x == 1816:
    pass
elif x == 1817:
    pass
elif x == 1818:
    pass
elif x == 1819:
    pass
elif x == 1820:
    pass
elif x == 1821:
    pass
elif x == 1822:
    pass
elif x == 1823:
    pass
elif x == 1824:
    pass
elif x == 1825:
    pass
elif x == 1826:
    pass
elif x == 1827:
    pass
elif x == 1828:
    pass
elif x == 1829:
    pass
elif x == 1830:
    pass
elif x == 1831:
    pass
elif x == 1832:
    pass
elif x == 1833:
    pass
elif x == 1834:
    pass
elif x == 1835:
    pass
elif x == 1836:
    pass
elif x == 1837:
    pass
elif x == 1838:
    pass
elif x == 1839:
    pass
elif x == 1840:
    pass
elif x == 1841:
    pass
elif x == 1842:
    pass
elif x == 1843:
    pass
elif x == 1844:
    pass
elif x == 1845:
    pass
elif x == 1846:
    pass
elif x == 1847:
    pass
elif x == 1848:
    pass
elif x == 1849:
    pass
elif x == 1850:
    pass
elif x == 1851:
    pass
elif x == 1852:
    pass
elif x == 1853:
    pass
elif x == 1854:
    pass
elif x == 1855:
    pass
elif x == 1856:
    pass
elif x == 1857:
    pass
elif x == 1858:
    pass
elif x == 1859:
    pass
elif x == 1860:
    pass
elif x == 1861:
    pass
elif x == 1862:
    pass
elif x == 1863:
    pass
elif x == 1864:
    pass
elif x == 1865:
    pass
elif x == 1866:
    pass
elif x == 1867:
    pass
elif x == 1868:
    pass
elif x == 1869:
    pass
elif x == 1870:
    pass
elif x == 1871:
    pass
elif x == 1872:
    pass
elif x == 1873:
    pass
elif x == 1874:
    pass
elif x == 1875:
    pass
elif x == 1876:
    pass
elif x == 1877:
    pass
elif x == 1878:
    pass
elif x == 1879:
    pass
elif x == 1880:
    pass
elif x == 1881:
    pass
elif x == 1882:
    pass
elif x == 1883:
    pass
elif x == 1884:
    pass
elif x == 1885:
    pass
elif x == 1886:
    pass
elif x == 1887:
    pass
elif x == 1888:
    pass
elif x == 1889:
    pass
elif x == 1890:
    pass
elif x == 1891:
    pass
elif x == 1892:
    pass
elif x == 1893:
    pass
elif x == 1894:
    pass
elif x == 1895:
    pass
elif x == 1896:
    pass
elif x == 1897:
    pass
elif x == 1898:
    pass
elif x == 1899:
    pass
elif x == 1900:
    pass
elif x == 1901:
    pass
elif x == 1902:
    pass
elif x == 1903:
    pass
elif x == 1904:
    pass
elif x == 1905:
    pass
elif x == 1906:
    pass
elif x == 1907:
    pass
elif x == 1908:
    pass
elif x == 1909:
    pass
elif x == 1910:
    pass
elif x == 1911:
    pass
elif x == 1912:
    pass
elif x == 1913:
    pass
elif x == 1914:
    pass
elif x == 1915:
    pass
elif x == 1916:
    pass
elif x == 1917:
    pass
elif x == 1918:
    pass
elif x == 1919:
    pass
elif x == 1920:
    pass
elif x == 1921:
    pass
elif x == 1922:
    pass
elif x == 1923:
    pass
elif x == 1924:
    pass
elif x == 1925:
    pass
elif x == 1926:
    pass
elif x == 1927:
    pass
elif x == 1928:
    pass
elif x == 1929:
    pass
elif x == 1930:
    pass
elif x == 1931:
    pass
elif x == 1932:
    pass
elif x == 1933:
    pass
elif x == 1934:
    pass
elif x == 1935:
    pass
elif x == 1936:
    pass
elif x == 1937:
    pass
elif x == 1938:
    pass
elif x == 1939:
    pass
elif x == 1940:
    pass
elif x == 1941:
    pass
elif x == 1942:
    pass
elif x == 1943:
    pass
elif x == 1944:
    pass
elif x == 1945:
    pass
elif x == 1946:
    pass
elif x == 1947:
    pass
elif x == 1948:
    pass
elif x == 1949:
    pass
elif x == 1950:
    pass
elif x == 1951:
    pass
elif x == 1952:
    pass
elif x == 1953:
    pass
elif x == 1954:
    pass
elif x == 1955:
    pass
elif x == 1956:
    pass
elif x == 1957:
    pass
elif x == 1958:
    pass
elif x == 1959:
    pass
elif x == 1960:
    pass
elif x == 1961:
    pass
elif x == 1962:
    pass
elif x == 1963:
    pass
elif x == 1964:
    pass
elif x == 1965:
    pass
elif x == 1966:
    pass
elif x == 1967:
    pass
elif x == 1968:
    pass
elif x == 1969:
    pass
elif x == 1970:
    pass
elif x == 1971:
    pass
elif x == 1972:
    pass
elif x == 1973:
    pass
elif x == 1974:
    pass
elif x == 1975:
    pass
elif x == 1976:
    pass
elif x == 1977:
    pass
elif x == 1978:
    pass
elif x == 1979:
    pass
elif x == 1980:
    pass
elif x == 1981:
    pass
elif x == 1982:
    pass
elif x == 1983:
    pass
elif x == 1984:
    pass
elif x == 1985:
    pass
elif x == 1986:
    pass
elif x == 1987:
    pass
elif x == 1988:
    pass
elif x == 1989:
    pass
elif x == 1990:
    pass
elif x == 1991:
    pass
elif x == 1992:
    pass
elif x == 1993:
    pass
elif x == 1994:
    pass
elif x == 1995:
    pass
elif x == 1996:
    pass
elif x == 1997:
    pass
elif x == 1998:
    pass
elif x == 1999:
    pass
elif x == 2000:
    pass
elif x == 2001:
    pass
elif x == 2002:
    pass
elif x == 2003:
    pass
elif x == 2004:
    pass
elif x == 2005:
    pass
elif x == 2006:
    pass
elif x == 2007:
    pass
elif x == 2008:
    pass
elif x == 2009:
    pass
elif x == 2010:
    pass
elif x == 2011:
    pass
elif x == 2012:
    pass
elif x == 2013:
    pass
elif x == 2014:
    pass
elif x == 2015:
    pass
elif x == 2016:
    pass
elif x == 2017:
    pass
elif x == 2018:
    pass
elif x == 2019:
    pass
elif x == 2020:
    pass
elif x == 2021:
    pass
elif x == 2022:
    pass
elif x == 2023:
    pass
elif x == 2024:
    pass
elif x == 2025:
    pass
elif x == 2026:
    pass
elif x == 2027:
    pass
elif x == 2028:
    pass
elif x == 2029:
    pass
elif x == 2030:
    pass
elif x == 2031:
    pass
elif x == 2032:
    pass
elif x == 2033:
    pass
elif x == 2034:
    pass
elif x == 2035:
    pass
elif x == 2036:
    pass
elif x == 2037:
    pass
elif x == 2038:
    pass
elif x == 2039:
    pass
elif x == 2040:
    pass
elif x == 2041:
    pass
elif x == 2042:
    pass
elif x == 2043:
    pass
elif x == 2044:
    pass
elif x == 2045:
    pass
elif x == 2046:
    pass
elif x == 2047:
    pass
elif x == 2048:
    pass
elif x == 2049:
    pass
elif x == 2050:
    pass
elif x == 2051:
    pass
elif x == 2052:
    pass
elif x == 2053:
    pass
elif x == 2054:
    pass
elif x == 2055:
    pass
elif x == 2056:
    pass
elif x == 2057:
    pass
elif x == 2058:
    pass
elif x == 2059:
    pass
elif x == 2060:
    pass
elif x == 2061:
    pass
elif x == 2062:
    pass
elif x == 2063:
    pass
elif x == 2064:
    pass
elif x == 2065:
    pass
elif x == 2066:
    pass
elif x == 2067:
    pass
elif x == 2068:
    pass
elif x == 2069:
    pass
elif x == 2070:
    pass
elif x == 2071:
    pass
elif x == 2072:
    pass
elif x == 2073:
    pass
elif x == 2074:
    pass
elif x == 2075:
    pass
elif x == 2076:
    pass
elif x == 2077:
    pass
elif x == 2078:
    pass
elif x == 2079:
    pass
elif x == 2080:
    pass
elif x == 2081:
    pass
elif x == 2082:
    pass
elif x == 2083:
    pass
elif x == 2084:
    pass
elif x == 2085:
    pass
elif x == 2086:
    pass
elif x == 2087:
    pass
elif x == 2088:
    pass
elif x == 2089:
    pass
elif x == 2090:
    pass
elif x == 2091:
    pass
elif x == 2092:
    pass
elif x == 2093:
    pass
elif x == 2094:
    pass
elif x == 2095:
    pass
elif x == 2096:
    pass
elif x == 2097:
    pass
elif x == 2098:
    pass
elif x == 2099:
    pass
elif x == 2100:
    pass
elif x == 2101:
    pass
elif x == 2102:
    pass
elif x == 2103:
    pass
elif x == 2104:
    pass
elif x == 2105:
    pass
elif x == 2106:
    pass
elif x == 2107:
    pass
elif x == 2108:
    pass
elif x == 2109:
    pass
elif x == 2110:
    pass
elif x == 2111:
    pass
elif x == 2112:
    pass
elif x == 2113:
    pass
elif x == 2114:
    pass
elif x == 2115:
    pass
elif x == 2116:
    pass
elif x == 2117:
    pass
elif x == 2118:
    pass
elif x == 2119:
    pass
elif x == 2120:
    pass
elif x == 2121:
    pass
elif x == 2122:
    pass
elif x == 2123:
    pass
elif x == 2124:
    pass
elif x == 2125:
    pass
elif x == 2126:
    pass
elif x == 2127:
    pass
elif x == 2128:
    pass
elif x == 2129:
    pass
elif x == 2130:
    pass
elif x == 2131:
    pass
elif x == 2132:
    pass
elif x == 2133:
    pass
elif x == 2134:
    pass
elif x == 2135:
    pass
elif x == 2136:
    pass
elif x == 2137:
    pass
elif x == 2138:
    pass
elif x == 2139:
    pass
elif x == 2140:
    pass
elif x == 2141:
    pass
elif x == 2142:
    pass
elif x == 2143:
    pass
elif x == 2144:
    pass
elif x == 2145:
    pass
elif x == 2146:
    pass
elif x == 2147:
    pass
elif x == 2148:
    pass
elif x == 2149:
    pass
elif x == 2150:
    pass
elif x == 2151:
    pass
elif x == 2152:
    pass
elif x == 2153:
    pass
elif x == 2154:
    pass
elif x == 2155:
    pass
elif x == 2156:
    pass
elif x == 2157:
    pass
elif x == 2158:
    pass
elif x == 2159:
    pass
elif x == 2160:
    pass
elif x == 2161:
    pass
elif x == 2162:
    pass
elif x == 2163:
    pass
elif x == 2164:
    pass
elif x == 2165:
    pass
elif x == 2166:
    pass
elif x == 2167:
    pass
elif x == 2168:
    pass
elif x == 2169:
    pass
elif x == 2170:
    pass
elif x == 2171:
    pass
elif x == 2172:
    pass
elif x == 2173:
    pass
elif x == 2174:
    pass
elif x == 2175:
    pass
elif x == 2176:
    pass
elif x == 2177:
    pass
elif x == 2178:
    pass
elif x == 2179:
    pass
elif x == 2180:
    pass
elif x == 2181:
    pass
elif x == 2182:
    pass
elif x == 2183:
    pass
elif x == 2184:
    pass
elif x == 2185:
    pass
elif x == 2186:
    pass
elif x == 2187:
    pass
elif x == 2188:
    pass
elif x == 2189:
    pass
elif x == 2190:
    pass
elif x == 2191:
    pass
elif x == 2192:
    pass
elif x == 2193:
    pass
elif x == 2194:
    pass
elif x == 2195:
    pass
elif x == 2196:
    pass
elif x == 2197:
    pass
elif x == 2198:
    pass
elif x == 2199:
    pass
elif x == 2200:
    pass
elif x == 2201:
    pass
elif x == 2202:
    pass
elif x == 2203:
    pass
elif x == 2204:
    pass
elif x == 2205:
    pass
elif x == 2206:
    pass
elif x == 2207:
    pass
elif x == 2208:
    pass
elif x == 2209:
    pass
elif x == 2210:
    pass
elif x == 2211:
    pass
elif x == 2212:
    pass
elif x == 2213:
    pass
elif x == 2214:
    pass
elif x == 2215:
    pass
elif x == 2216:
    pass
elif x == 2217:
    pass
elif x == 2218:
    pass
elif x == 2219:
    pass
elif x == 2220:
    pass
elif x == 2221:
    pass
elif x == 2222:
    pass
elif x == 2223:
    pass
elif x == 2224:
    pass
elif x == 2225:
    pass
elif x == 2226:
    pass
elif x == 2227:
    pass
elif x == 2228:
    pass
elif x == 2229:
    pass
elif x == 2230:
    pass
elif x == 2231:
    pass
elif x == 2232:
    pass
elif x == 2233:
    pass
elif x == 2234:
    pass
elif x == 2235:
    pass
elif x == 2236:
    pass
elif x == 2237:
    pass
elif x == 2238:
    pass
elif x == 2239:
    pass
elif x == 2240:
    pass
elif x == 2241:
    pass
elif x == 2242:
    pass
elif x == 2243:
    pass
elif x == 2244:
    pass
elif x == 2245:
    pass
elif x == 2246:
    pass
elif x == 2247:
    pass
elif x == 2248:
    pass
elif x == 2249:
    pass
elif x == 2250:
    pass
elif x == 2251:
    pass
elif x == 2252:
    pass
elif x == 2253:
    pass
elif x == 2254:
    pass
elif x == 2255:
    pass
elif x == 2256:
    pass
elif x == 2257:
    pass
elif x == 2258:
    pass
elif x == 2259:
    pass
elif x == 2260:
    pass
elif x == 2261:
    pass
elif x == 2262:
    pass
elif x == 2263:
    pass
elif x == 2264:
    pass
elif x == 2265:
    pass
elif x == 2266:
    pass
elif x == 2267:
    pass
elif x == 2268:
    pass
elif x == 2269:
    pass
elif x == 2270:
    pass
elif x == 2271:
    pass
elif x == 2272:
    pass
elif x == 2273:
    pass
elif x == 2274:
    pass
elif x == 2275:
    pass
elif x == 2276:
    pass
elif x == 2277:
    pass
elif x == 2278:
    pass
elif x == 2279:
    pass
elif x == 2280:
    pass
elif x == 2281:
    pass
elif x == 2282:
    pass
elif x == 2283:
    pass
elif x == 2284:
    pass
elif x == 2285:
    pass
elif x == 2286:
    pass
elif x == 2287:
    pass
elif x == 2288:
    pass
elif x == 2289:
    pass
elif x == 2290:
    pass
elif x == 2291:
    pass
elif x == 2292:
    pass
elif x == 2293:
    pass
elif x == 2294:
    pass
elif x == 2295:
    pass
elif x == 2296:
    pass
elif x == 2297:
    pass
elif x == 2298:
    pass
elif x == 2299:
    pass
elif x == 2300:
    pass
elif x == 2301:
    pass
elif x == 2302:
    pass
elif x == 2303:
    pass
elif x == 2304:
    pass
elif x == 2305:
    pass
elif x == 2306:
    pass
elif x == 2307:
    pass
elif x == 2308:
    pass
elif x == 2309:
    pass
elif x == 2310:
    pass
elif x == 2311:
    pass
elif x == 2312:
    pass
elif x == 2313:
    pass
elif x == 2314:
    pass
elif x == 2315:
    pass
elif x == 2316:
    pass
elif x == 2317:
    pass
elif x == 2318:
    pass
elif x == 2319:
    pass
elif x == 2320:
    pass
elif x == 2321:
    pass
elif x == 2322:
    pass
elif x == 2323:
    pass
elif x == 2324:
    pass
elif x == 2325:
    pass
elif x == 2326:
    pass
elif x == 2327:
    pass
elif x == 2328:
    pass
elif x == 2329:
    pass
elif x == 2330:
    pass
elif x == 2331:
    pass
elif x == 2332:
    pass
elif x == 2333:
    pass
elif x == 2334:
    pass
elif x == 2335:
    pass
elif x == 2336:
    pass
elif x == 2337:
    pass
elif x == 2338:
    pass
elif x == 2339:
    pass
elif x == 2340:
    pass
elif x == 2341:
    pass
elif x == 2342:
    pass
elif x == 2343:
    pass
elif x == 2344:
    pass
elif x == 2345:
    pass
elif x == 2346:
    pass
elif x == 2347:
    pass
elif x == 2348:
    pass
elif x == 2349:
    pass
elif x == 2350:
    pass
elif x == 2351:
    pass
elif x == 2352:
    pass
elif x == 2353:
    pass
elif x == 2354:
    pass
elif x == 2355:
    pass
elif x == 2356:
    pass
elif x == 2357:
    pass
elif x == 2358:
    pass
elif x == 2359:
    pass
elif x == 2360:
    pass
elif x == 2361:
    pass
elif x == 2362:
    pass
elif x == 2363:
    pass
elif x == 2364:
    pass
elif x == 2365:
    pass
elif x == 2366:
    pass
elif x == 2367:
    pass
elif x == 2368:
    pass
elif x == 2369:
    pass
elif x == 2370:
    pass
elif x == 2371:
    pass
elif x == 2372:
    pass
elif x == 2373:
    pass
elif x == 2374:
    pass
elif x == 2375:
    pass
elif x == 2376:
    pass
elif x == 2377:
    pass
elif x == 2378:
    pass
elif x == 2379:
    pass
elif x == 2380:
    pass
elif x == 2381:
    pass
elif x == 2382:
    pass
elif x == 2383:
    pass
elif x == 2384:
    pass
elif x == 2385:
    pass
elif x == 2386:
    pass
elif x == 2387:
    pass
elif x == 2388:
    pass
elif x == 2389:
    pass
elif x == 2390:
    pass
elif x == 2391:
    pass
elif x == 2392:
    pass
elif x == 2393:
    pass
elif x == 2394:
    pass
elif x == 2395:
    pass
elif x == 2396:
    pass
elif x == 2397:
    pass
elif x == 2398:
    pass
elif x == 2399:
    pass
elif x == 2400:
    pass
elif x == 2401:
    pass
elif x == 2402:
    pass
elif x == 2403:
    pass
elif x == 2404:
    pass
elif x == 2405:
    pass
elif x == 2406:
    pass
elif x == 2407:
    pass
elif x == 2408:
    pass
elif x == 2409:
    pass
elif x == 2410:
    pass
elif x == 2411:
    pass
elif x == 2412:
    pass
elif x == 2413:
    pass
elif x == 2414:
    pass
elif x == 2415:
    pass
elif x == 2416:
    pass
elif x == 2417:
    pass
elif x == 2418:
    pass
elif x == 2419:
    pass
elif x == 2420:
    pass
elif x == 2421:
    pass
elif x == 2422:
    pass
elif x == 2423:
    pass
elif x == 2424:
    pass
elif x == 2425:
    pass
elif x == 2426:
    pass
elif x == 2427:
    pass
elif x == 2428:
    pass
elif x == 2429:
    pass
elif x == 2430:
    pass
elif x == 2431:
    pass
elif x == 2432:
    pass
elif x == 2433:
    pass
elif x == 2434:
    pass
elif x == 2435:
    pass
elif x == 2436:
    pass
elif x == 2437:
    pass
elif x == 2438:
    pass
elif x == 2439:
    pass
elif x == 2440:
    pass
elif x == 2441:
    pass
elif x == 2442:
    pass
elif x == 2443:
    pass
elif x == 2444:
    pass
elif x == 2445:
    pass
elif x == 2446:
    pass
elif x == 2447:
    pass
elif x == 2448:
    pass
elif x == 2449:
    pass
elif x == 2450:
    pass
elif x == 2451:
    pass
elif x == 2452:
    pass
elif x == 2453:
    pass
elif x == 2454:
    pass
elif x == 2455:
    pass
elif x == 2456:
    pass
elif x == 2457:
    pass
elif x == 2458:
    pass
elif x == 2459:
    pass
elif x == 2460:
    pass
elif x == 2461:
    pass
elif x == 2462:
    pass
elif x == 2463:
    pass
elif x == 2464:
    pass
elif x == 2465:
    pass
elif x == 2466:
    pass
elif x == 2467:
    pass
elif x == 2468:
    pass
elif x == 2469:
    pass
elif x == 2470:
    pass
elif x == 2471:
    pass
elif x == 2472:
    pass
elif x == 2473:
    pass
elif x == 2474:
    pass
elif x == 2475:
    pass
elif x == 2476:
    pass
elif x == 2477:
    pass
elif x == 2478:
    pass
elif x == 2479:
    pass
elif x == 2480:
    pass
elif x == 2481:
    pass
elif x == 2482:
    pass
elif x == 2483:
    pass
elif x == 2484:
    pass
elif x == 2485:
    pass
elif x == 2486:
    pass
elif x == 2487:
    pass
elif x == 2488:
    pass
elif x == 2489:
    pass
elif x == 2490:
    pass
elif x == 2491:
    pass
elif x == 2492:
    pass
elif x == 2493:
    pass
elif x == 2494:
    pass
elif x == 2495:
    pass
elif x == 2496:
    pass
elif x == 2497:
    pass
elif x == 2498:
    pass
elif x == 2499:
    pass
elif x == 2500:
    pass
elif x == 2501:
    pass
elif x == 2502:
    pass
elif x == 2503:
    pass
elif x == 2504:
    pass
elif x == 2505:
    pass
elif x == 2506:
    pass
elif x == 2507:
    pass
elif x == 2508:
    pass
elif x == 2509:
    pass
elif x == 2510:
    pass
elif x == 2511:
    pass
elif x == 2512:
    pass
elif x == 2513:
    pass
elif x == 2514:
    pass
elif x == 2515:
    pass
elif x == 2516:
    pass
elif x == 2517:
    pass
elif x == 2518:
    pass
elif x == 2519:
    pass
elif x == 2520:
    pass
elif x == 2521:
    pass
elif x == 2522:
    pass
elif x == 2523:
    pass
elif x == 2524:
    pass
elif x == 2525:
    pass
elif x == 2526:
    pass
elif x == 2527:
    pass
elif x == 2528:
    pass
elif x == 2529:
    pass
elif x == 2530:
    pass
elif x == 2531:
    pass
elif x == 2532:
    pass
elif x == 2533:
    pass
elif x == 2534:
    pass
elif x == 2535:
    pass
elif x == 2536:
    pass
elif x == 2537:
    pass
elif x == 2538:
    pass
elif x == 2539:
    pass
elif x == 2540:
    pass
elif x == 2541:
    pass
elif x == 2542:
    pass
elif x == 2543:
    pass
elif x == 2544:
    pass
elif x == 2545:
    pass
elif x == 2546:
    pass
elif x == 2547:
    pass
elif x == 2548:
    pass
elif x == 2549:
    pass
elif x == 2550:
    pass
elif x == 2551:
    pass
elif x == 2552:
    pass
elif x == 2553:
    pass
elif x == 2554:
    pass
elif x == 2555:
    pass
elif x == 2556:
    pass
elif x == 2557:
    pass
elif x == 2558:
    pass
elif x == 2559:
    pass
elif x == 2560:
    pass
elif x == 2561:
    pass
elif x == 2562:
    pass
elif x == 2563:
    pass
elif x == 2564:
    pass
elif x == 2565:
    pass
elif x == 2566:
    pass
elif x == 2567:
    pass
elif x == 2568:
    pass
elif x == 2569:
    pass
elif x == 2570:
    pass
elif x == 2571:
    pass
elif x == 2572:
    pass
elif x == 2573:
    pass
elif x == 2574:
    pass
elif x == 2575:
    pass
elif x == 2576:
    pass
elif x == 2577:
    pass
elif x == 2578:
    pass
elif x == 2579:
    pass
elif x == 2580:
    pass
elif x == 2581:
    pass
elif x == 2582:
    pass
elif x == 2583:
    pass
elif x == 2584:
    pass
elif x == 2585:
    pass
elif x == 2586:
    pass
elif x == 2587:
    pass
elif x == 2588:
    pass
elif x == 2589:
    pass
elif x == 2590:
    pass
elif x == 2591:
    pass
elif x == 2592:
    pass
elif x == 2593:
    pass
elif x == 2594:
    pass
elif x == 2595:
    pass
elif x == 2596:
    pass
elif x == 2597:
    pass
elif x == 2598:
    pass
elif x == 2599:
    pass
elif x == 2600:
    pass
elif x == 2601:
    pass
elif x == 2602:
    pass
elif x == 2603:
    pass
elif x == 2604:
    pass
elif x == 2605:
    pass
elif x == 2606:
    pass
elif x == 2607:
    pass
elif x == 2608:
    pass
elif x == 2609:
    pass
elif x == 2610:
    pass
elif x == 2611:
    pass
elif x == 2612:
    pass
elif x == 2613:
    pass
elif x == 2614:
    pass
elif x == 2615:
    pass
elif x == 2616:
    pass
elif x == 2617:
    pass
elif x == 2618:
    pass
elif x == 2619:
    pass
elif x == 2620:
    pass
elif x == 2621:
    pass
elif x == 2622:
    pass
elif x == 2623:
    pass
elif x == 2624:
    pass
elif x == 2625:
    pass
elif x == 2626:
    pass
elif x == 2627:
    pass
elif x == 2628:
    pass
elif x == 2629:
    pass
elif x == 2630:
    pass
elif x == 2631:
    pass
elif x == 2632:
    pass
elif x == 2633:
    pass
elif x == 2634:
    pass
elif x == 2635:
    pass
elif x == 2636:
    pass
elif x == 2637:
    pass
elif x == 2638:
    pass
elif x == 2639:
    pass
elif x == 2640:
    pass
elif x == 2641:
    pass
elif x == 2642:
    pass
elif x == 2643:
    pass
elif x == 2644:
    pass
elif x == 2645:
    pass
elif x == 2646:
    pass
elif x == 2647:
    pass
elif x == 2648:
    pass
elif x == 2649:
    pass
elif x == 2650:
    pass
elif x == 2651:
    pass
elif x == 2652:
    pass
elif x == 2653:
    pass
elif x == 2654:
    pass
elif x == 2655:
    pass
elif x == 2656:
    pass
elif x == 2657:
    pass
elif x == 2658:
    pass
elif x == 2659:
    pass
elif x == 2660:
    pass
elif x == 2661:
    pass
elif x == 2662:
    pass
elif x == 2663:
    pass
elif x == 2664:
    pass
elif x == 2665:
    pass
elif x == 2666:
    pass
elif x == 2667:
    pass
elif x == 2668:
    pass
elif x == 2669:
    pass
elif x == 2670:
    pass
elif x == 2671:
    pass
elif x == 2672:
    pass
elif x == 2673:
    pass
elif x == 2674:
    pass
elif x == 2675:
    pass
elif x == 2676:
    pass
elif x == 2677:
    pass
elif x == 2678:
    pass
elif x == 2679:
    pass
elif x == 2680:
    pass
elif x == 2681:
    pass
elif x == 2682:
    pass
elif x == 2683:
    pass
elif x == 2684:
    pass
elif x == 2685:
    pass
elif x == 2686:
    pass
elif x == 2687:
    pass
elif x == 2688:
    pass
elif x == 2689:
    pass
elif x == 2690:
    pass
elif x == 2691:
    pass
elif x == 2692:
    pass
elif x == 2693:
    pass
elif x == 2694:
    pass
elif x == 2695:
    pass
elif x == 2696:
    pass
elif x == 2697:
    pass
elif x == 2698:
    pass
elif x == 2699:
    pass
elif x == 2700:
    pass
elif x == 2701:
    pass
elif x == 2702:
    pass
elif x == 2703:
    pass
elif x == 2704:
    pass
elif x == 2705:
    pass
elif x == 2706:
    pass
elif x == 2707:
    pass
elif x == 2708:
    pass
elif x == 2709:
    pass
elif x == 2710:
    pass
elif x == 2711:
    pass
elif x == 2712:
    pass
elif x == 2713:
    pass
elif x == 2714:
    pass
elif x == 2715:
    pass
elif x == 2716:
    pass
elif x == 2717:
    pass
elif x == 2718:
    pass
elif x == 2719:
    pass
elif x == 2720:
    pass
elif x == 2721:
    pass
elif x == 2722:
    pass
elif x == 2723:
    pass
elif x == 2724:
    pass
elif x == 2725:
    pass
elif x == 2726:
    pass
elif x == 2727:
    pass
elif x == 2728:
    pass
elif x == 2729:
    pass
elif x == 2730:
    pass
elif x == 2731:
    pass
elif x == 2732:
    pass
elif x == 2733:
    pass
elif x == 2734:
    pass
elif x == 2735:
    pass
elif x == 2736:
    pass
elif x == 2737:
    pass
elif x == 2738:
    pass
elif x == 2739:
    pass
elif x == 2740:
    pass
elif x == 2741:
    pass
elif x == 2742:
    pass
elif x == 2743:
    pass
elif x == 2744:
    pass
elif x == 2745:
    pass
elif x == 2746:
    pass
elif x == 2747:
    pass
elif x == 2748:
    pass
elif x == 2749:
    pass
elif x == 2750:
    pass
elif x == 2751:
    pass
elif x == 2752:
    pass
elif x == 2753:
    pass
elif x == 2754:
    pass
elif x == 2755:
    pass
elif x == 2756:
    pass
elif x == 2757:
    pass
elif x == 2758:
    pass
elif x == 2759:
    pass
elif x == 2760:
    pass
elif x == 2761:
    pass
elif x == 2762:
    pass
elif x == 2763:
    pass
elif x == 2764:
    pass
elif x == 2765:
    pass
elif x == 2766:
    pass
elif x == 2767:
    pass
elif x == 2768:
    pass
elif x == 2769:
    pass
elif x == 2770:
    pass
elif x == 2771:
    pass
elif x == 2772:
    pass
elif x == 2773:
    pass
elif x == 2774:
    pass
elif x == 2775:
    pass
elif x == 2776:
    pass
elif x == 2777:
    pass
elif x == 2778:
    pass
elif x == 2779:
    pass
elif x == 2780:
    pass
elif x == 2781:
    pass
elif x == 2782:
    pass
elif x == 2783:
    pass
elif x == 2784:
    pass
elif x == 2785:
    pass
elif x == 2786:
    pass
elif x == 2787:
    pass
elif x == 2788:
    pass
elif x == 2789:
    pass
elif x == 2790:
    pass
elif x == 2791:
    pass
elif x == 2792:
    pass
elif x == 2793:
    pass
elif x == 2794:
    pass
elif x == 2795:
    pass
elif x == 2796:
    pass
elif x == 2797:
    pass
elif x == 2798:
    pass
elif x == 2799:
    pass
elif x == 2800:
    pass
elif x == 2801:
    pass
elif x == 2802:
    pass
elif x == 2803:
    pass
elif x == 2804:
    pass
elif x == 2805:
    pass
elif x == 2806:
    pass
elif x == 2807:
    pass
elif x == 2808:
    pass
elif x == 2809:
    pass
elif x == 2810:
    pass
elif x == 2811:
    pass
elif x == 2812:
    pass
elif x == 2813:
    pass
elif x == 2814:
    pass
elif x == 2815:
    pass
elif x == 2816:
    pass
elif x == 2817:
    pass
elif x == 2818:
    pass
elif x == 2819:
    pass
elif x == 2820:
    pass
elif x == 2821:
    pass
elif x == 2822:
    pass
elif x == 2823:
    pass
elif x == 2824:
    pass
elif x == 2825:
    pass
elif x == 2826:
    pass
elif x == 2827:
    pass
elif x == 2828:
    pass
elif x == 2829:
    pass
elif x == 2830:
    pass
elif x == 2831:
    pass
elif x == 2832:
    pass
elif x == 2833:
    pass
elif x == 2834:
    pass
elif x == 2835:
    pass
elif x == 2836:
    pass
elif x == 2837:
    pass
elif x == 2838:
    pass
elif x == 2839:
    pass
elif x == 2840:
    pass
elif x == 2841:
    pass
elif x == 2842:
    pass
elif x == 2843:
    pass
elif x == 2844:
    pass
elif x == 2845:
    pass
elif x == 2846:
    pass
elif x == 2847:
    pass
elif x == 2848:
    pass
elif x == 2849:
    pass
elif x == 2850:
    pass
elif x == 2851:
    pass
elif x == 2852:
    pass
elif x == 2853:
    pass
elif x == 2854:
    pass
elif x == 2855:
    pass
elif x == 2856:
    pass
elif x == 2857:
    pass
elif x == 2858:
    pass
elif x == 2859:
    pass
elif x == 2860:
    pass
elif x == 2861:
    pass
elif x == 2862:
    pass
elif x == 2863:
    pass
elif x == 2864:
    pass
elif x == 2865:
    pass
elif x == 2866:
    pass
elif x == 2867:
    pass
elif x == 2868:
    pass
elif x == 2869:
    pass
elif x == 2870:
    pass
elif x == 2871:
    pass
elif x == 2872:
    pass
elif x == 2873:
    pass
elif x == 2874:
    pass
elif x == 2875:
    pass
elif x == 2876:
    pass
elif x == 2877:
    pass
elif x == 2878:
    pass
elif x == 2879:
    pass
elif x == 2880:
    pass
elif x == 2881:
    pass
elif x == 2882:
    pass
elif x == 2883:
    pass
elif x == 2884:
    pass
elif x == 2885:
    pass
elif x == 2886:
    pass
elif x == 2887:
    pass
elif x == 2888:
    pass
elif x == 2889:
    pass
elif x == 2890:
    pass
elif x == 2891:
    pass
elif x == 2892:
    pass
elif x == 2893:
    pass
elif x == 2894:
    pass
elif x == 2895:
    pass
elif x == 2896:
    pass
elif x == 2897:
    pass
elif x == 2898:
    pass
elif x == 2899:
    pass
elif x == 2900:
    pass
elif x == 2901:
    pass
elif x == 2902:
    pass
elif x == 2903:
    pass
elif x == 2904:
    pass
elif x == 2905:
    pass
elif x == 2906:
    pass
elif x == 2907:
    pass
elif x == 2908:
    pass
elif x == 2909:
    pass
elif x == 2910:
    pass
elif x == 2911:
    pass
elif x == 2912:
    pass
elif x == 2913:
    pass
elif x == 2914:
    pass
elif x == 2915:
    pass
elif x == 2916:
    pass
elif x == 2917:
    pass
elif x == 2918:
    pass
elif x == 2919:
    pass
elif x == 2920:
    pass
elif x == 2921:
    pass
elif x == 2922:
    pass
elif x == 2923:
    pass
elif x == 2924:
    pass
elif x == 2925:
    pass
elif x == 2926:
    pass
elif x == 2927:
    pass
elif x == 2928:
    pass
elif x == 2929:
    pass
elif x == 2930:
    pass
elif x == 2931:
    pass
elif x == 2932:
    pass
elif x == 2933:
    pass
elif x == 2934:
    pass
elif x == 2935:
    pass
elif x == 2936:
    pass
elif x == 2937:
    pass
elif x == 2938:
    pass
elif x == 2939:
    pass
elif x == 2940:
    pass
elif x == 2941:
    pass
elif x == 2942:
    pass
elif x == 2943:
    pass
elif x == 2944:
    pass
elif x == 2945:
    pass
elif x == 2946:
    pass
elif x == 2947:
    pass
elif x == 2948:
    pass
elif x == 2949:
    pass
elif x == 2950:
    pass
elif x == 2951:
    pass
elif x == 2952:
    pass
elif x == 2953:
    pass
elif x == 2954:
    pass
elif x == 2955:
    pass
elif x == 2956:
    pass
elif x == 2957:
    pass
elif x == 2958:
    pass
elif x == 2959:
    pass
elif x == 2960:
    pass
elif x == 2961:
    pass
elif x == 2962:
    pass
elif x == 2963:
    pass
elif x == 2964:
    pass
elif x == 2965:
    pass
elif x == 2966:
    pass
elif x == 2967:
    pass
elif x == 2968:
    pass
elif x == 2969:
    pass
elif x == 2970:
    pass
elif x == 2971:
    pass
elif x == 2972:
    pass
elif x == 2973:
    pass
elif x == 2974:
    pass
elif x == 2975:
    pass
elif x == 2976:
    pass
elif x == 2977:
    pass
elif x == 2978:
    pass
elif x == 2979:
    pass
elif x == 2980:
    pass
elif x == 2981:
    pass
elif x == 2982:
    pass
elif x == 2983:
    pass
elif x == 2984:
    pass
elif x == 2985:
    pass
elif x == 2986:
    pass
elif x == 2987:
    pass
elif x == 2988:
    pass
elif x == 2989:
    pass
elif x == 2990:
    pass
elif x == 2991:
    pass
elif x == 2992:
    pass
elif x == 2993:
    pass
elif x == 2994:
    pass
elif x == 2995:
    pass
elif x == 2996:
    pass
elif x == 2997:
    pass
elif x == 2998:
    pass
elif x == 2999:
    pass
elif x == 3000:
    pass
elif x == 3001:
    pass
elif x == 3002:
    pass
elif x == 3003:
    pass
elif x == 3004:
    pass
elif x == 3005:
    pass
elif x == 3006:
    pass
elif x == 3007:
    pass
elif x == 3008:
    pass
elif x == 3009:
    pass
elif x == 3010:
    pass
elif x == 3011:
    pass
elif x == 3012:
    pass
elif x == 3013:
    pass
elif x == 3014:
    pass
elif x == 3015:
    pass
elif x == 3016:
    pass
elif x == 3017:
    pass
elif x == 3018:
    pass
elif x == 3019:
    pass
elif x == 3020:
    pass
elif x == 3021:
    pass
elif x == 3022:
    pass
elif x == 3023:
    pass
elif x == 3024:
    pass
elif x == 3025:
    pass
elif x == 3026:
    pass
elif x == 3027:
    pass
elif x == 3028:
    pass
elif x == 3029:
    pass
elif x == 3030:
    pass
elif x == 3031:
    pass
elif x == 3032:
    pass
elif x == 3033:
    pass
elif x == 3034:
    pass
elif x == 3035:
    pass
elif x == 3036:
    pass
elif x == 3037:
    pass
elif x == 3038:
    pass
elif x == 3039:
    pass
elif x == 3040:
    pass
elif x == 3041:
    pass
elif x == 3042:
    pass
elif x == 3043:
    pass
elif x == 3044:
    pass
elif x == 3045:
    pass
elif x == 3046:
    pass
elif x == 3047:
    pass
elif x == 3048:
    pass
elif x == 3049:
    pass
elif x == 3050:
    pass
elif x == 3051:
    pass
elif x == 3052:
    pass
elif x == 3053:
    pass
elif x == 3054:
    pass
elif x == 3055:
    pass
elif x == 3056:
    pass
elif x == 3057:
    pass
elif x == 3058:
    pass
elif x == 3059:
    pass
elif x == 3060:
    pass
elif x == 3061:
    pass
elif x == 3062:
    pass
elif x == 3063:
    pass
elif x == 3064:
    pass
elif x == 3065:
    pass
elif x == 3066:
    pass
elif x == 3067:
    pass
elif x == 3068:
    pass
elif x == 3069:
    pass
elif x == 3070:
    pass
elif x == 3071:
    pass
elif x == 3072:
    pass
elif x == 3073:
    pass
elif x == 3074:
    pass
elif x == 3075:
    pass
elif x == 3076:
    pass
elif x == 3077:
    pass
elif x == 3078:
    pass
elif x == 3079:
    pass
elif x == 3080:
    pass
elif x == 3081:
    pass
elif x == 3082:
    pass
elif x == 3083:
    pass
elif x == 3084:
    pass
elif x == 3085:
    pass
elif x == 3086:
    pass
elif x == 3087:
    pass
elif x == 3088:
    pass
elif x == 3089:
    pass
elif x == 3090:
    pass
elif x == 3091:
    pass
elif x == 3092:
    pass
elif x == 3093:
    pass
elif x == 3094:
    pass
elif x == 3095:
    pass
elif x == 3096:
    pass
elif x == 3097:
    pass
elif x == 3098:
    pass
elif x == 3099:
    pass
elif x == 3100:
    pass
elif x == 3101:
    pass
elif x == 3102:
    pass
elif x == 3103:
    pass
elif x == 3104:
    pass
elif x == 3105:
    pass
elif x == 3106:
    pass
elif x == 3107:
    pass
elif x == 3108:
    pass
elif x == 3109:
    pass
elif x == 3110:
    pass
elif x == 3111:
    pass
elif x == 3112:
    pass
elif x == 3113:
    pass
elif x == 3114:
    pass
elif x == 3115:
    pass
elif x == 3116:
    pass
elif x == 3117:
    pass
elif x == 3118:
    pass
elif x == 3119:
    pass
elif x == 3120:
    pass
elif x == 3121:
    pass
elif x == 3122:
    pass
elif x == 3123:
    pass
elif x == 3124:
    pass
elif x == 3125:
    pass
elif x == 3126:
    pass
elif x == 3127:
    pass
elif x == 3128:
    pass
elif x == 3129:
    pass
elif x == 3130:
    pass
elif x == 3131:
    pass
elif x == 3132:
    pass
elif x == 3133:
    pass
elif x == 3134:
    pass
elif x == 3135:
    pass
elif x == 3136:
    pass
elif x == 3137:
    pass
elif x == 3138:
    pass
elif x == 3139:
    pass
elif x == 3140:
    pass
elif x == 3141:
    pass
elif x == 3142:
    pass
elif x == 3143:
    pass
elif x == 3144:
    pass
elif x == 3145:
    pass
elif x == 3146:
    pass
elif x == 3147:
    pass
elif x == 3148:
    pass
elif x == 3149:
    pass
elif x == 3150:
    pass
elif x == 3151:
    pass
elif x == 3152:
    pass
elif x == 3153:
    pass
elif x == 3154:
    pass
elif x == 3155:
    pass
elif x == 3156:
    pass
elif x == 3157:
    pass
elif x == 3158:
    pass
elif x == 3159:
    pass
elif x == 3160:
    pass
elif x == 3161:
    pass
elif x == 3162:
    pass
elif x == 3163:
    pass
elif x == 3164:
    pass
elif x == 3165:
    pass
elif x == 3166:
    pass
elif x == 3167:
    pass
elif x == 3168:
    pass
elif x == 3169:
    pass
elif x == 3170:
    pass
elif x == 3171:
    pass
elif x == 3172:
    pass
elif x == 3173:
    pass
elif x == 3174:
    pass
elif x == 3175:
    pass
elif x == 3176:
    pass
elif x == 3177:
    pass
elif x == 3178:
    pass
elif x == 3179:
    pass
elif x == 3180:
    pass
elif x == 3181:
    pass
elif x == 3182:
    pass
elif x == 3183:
    pass
elif x == 3184:
    pass
elif x == 3185:
    pass
elif x == 3186:
    pass
elif x == 3187:
    pass
elif x == 3188:
    pass
elif x == 3189:
    pass
elif x == 3190:
    pass
elif x == 3191:
    pass
elif x == 3192:
    pass
elif x == 3193:
    pass
elif x == 3194:
    pass
elif x == 3195:
    pass
elif x == 3196:
    pass
elif x == 3197:
    pass
elif x == 3198:
    pass
elif x == 3199:
    pass
elif x == 3200:
    pass
elif x == 3201:
    pass
elif x == 3202:
    pass
elif x == 3203:
    pass
elif x == 3204:
    pass
elif x == 3205:
    pass
elif x == 3206:
    pass
elif x == 3207:
    pass
elif x == 3208:
    pass
elif x == 3209:
    pass
elif x == 3210:
    pass
elif x == 3211:
    pass
elif x == 3212:
    pass
elif x == 3213:
    pass
elif x == 3214:
    pass
elif x == 3215:
    pass
elif x == 3216:
    pass
elif x == 3217:
    pass
elif x == 3218:
    pass
elif x == 3219:
    pass
elif x == 3220:
    pass
elif x == 3221:
    pass
elif x == 3222:
    pass
elif x == 3223:
    pass
elif x == 3224:
    pass
elif x == 3225:
    pass
elif x == 3226:
    pass
elif x == 3227:
    pass
elif x == 3228:
    pass
elif x == 3229:
    pass
elif x == 3230:
    pass
elif x == 3231:
    pass
elif x == 3232:
    pass
elif x == 3233:
    pass
elif x == 3234:
    pass
elif x == 3235:
    pass
elif x == 3236:
    pass
elif x == 3237:
    pass
elif x == 3238:
    pass
elif x == 3239:
    pass
elif x == 3240:
    pass
elif x == 3241:
    pass
elif x == 3242:
    pass
elif x == 3243:
    pass
elif x == 3244:
    pass
elif x == 3245:
    pass
elif x == 3246:
    pass
elif x == 3247:
    pass
elif x == 3248:
    pass
elif x == 3249:
    pass
elif x == 3250:
    pass
elif x == 3251:
    pass
elif x == 3252:
    pass
elif x == 3253:
    pass
elif x == 3254:
    pass
elif x == 3255:
    pass
elif x == 3256:
    pass
elif x == 3257:
    pass
elif x == 3258:
    pass
elif x == 3259:
    pass
elif x == 3260:
    pass
elif x == 3261:
    pass
elif x == 3262:
    pass
elif x == 3263:
    pass
elif x == 3264:
    pass
elif x == 3265:
    pass
elif x == 3266:
    pass
elif x == 3267:
    pass
elif x == 3268:
    pass
elif x == 3269:
    pass
elif x == 3270:
    pass
elif x == 3271:
    pass
elif x == 3272:
    pass
elif x == 3273:
    pass
elif x == 3274:
    pass
elif x == 3275:
    pass
elif x == 3276:
    pass
elif x == 3277:
    pass
elif x == 3278:
    pass
elif x == 3279:
    pass
elif x == 3280:
    pass
elif x == 3281:
    pass
elif x == 3282:
    pass
elif x == 3283:
    pass
elif x == 3284:
    pass
elif x == 3285:
    pass
elif x == 3286:
    pass
elif x == 3287:
    pass
elif x == 3288:
    pass
elif x == 3289:
    pass
elif x == 3290:
    pass
elif x == 3291:
    pass
elif x == 3292:
    pass
elif x == 3293:
    pass
elif x == 3294:
    pass
elif x == 3295:
    pass
elif x == 3296:
    pass
elif x == 3297:
    pass
elif x == 3298:
    pass
elif x == 3299:
    pass
elif x == 3300:
    pass
elif x == 3301:
    pass
elif x == 3302:
    pass
elif x == 3303:
    pass
elif x == 3304:
    pass
elif x == 3305:
    pass
elif x == 3306:
    pass
elif x == 3307:
    pass
elif x == 3308:
    pass
elif x == 3309:
    pass
elif x == 3310:
    pass
elif x == 3311:
    pass
elif x == 3312:
    pass
elif x == 3313:
    pass
elif x == 3314:
    pass
elif x == 3315:
    pass
elif x == 3316:
    pass
elif x == 3317:
    pass
elif x == 3318:
    pass
elif x == 3319:
    pass
elif x == 3320:
    pass
elif x == 3321:
    pass
elif x == 3322:
    pass
elif x == 3323:
    pass
elif x == 3324:
    pass
elif x == 3325:
    pass
elif x == 3326:
    pass
elif x == 3327:
    pass
elif x == 3328:
    pass
elif x == 3329:
    pass
elif x == 3330:
    pass
elif x == 3331:
    pass
elif x == 3332:
    pass
elif x == 3333:
    pass
elif x == 3334:
    pass
elif x == 3335:
    pass
elif x == 3336:
    pass
elif x == 3337:
    pass
elif x == 3338:
    pass
elif x == 3339:
    pass
elif x == 3340:
    pass
elif x == 3341:
    pass
elif x == 3342:
    pass
elif x == 3343:
    pass
elif x == 3344:
    pass
elif x == 3345:
    pass
elif x == 3346:
    pass
elif x == 3347:
    pass
elif x == 3348:
    pass
elif x == 3349:
    pass
elif x == 3350:
    pass
elif x == 3351:
    pass
elif x == 3352:
    pass
elif x == 3353:
    pass
elif x == 3354:
    pass
elif x == 3355:
    pass
elif x == 3356:
    pass
elif x == 3357:
    pass
elif x == 3358:
    pass
elif x == 3359:
    pass
elif x == 3360:
    pass
elif x == 3361:
    pass
elif x == 3362:
    pass
elif x == 3363:
    pass
elif x == 3364:
    pass
elif x == 3365:
    pass
elif x == 3366:
    pass
elif x == 3367:
    pass
elif x == 3368:
    pass
elif x == 3369:
    pass
elif x == 3370:
    pass
elif x == 3371:
    pass
elif x == 3372:
    pass
elif x == 3373:
    pass
elif x == 3374:
    pass
elif x == 3375:
    pass
elif x == 3376:
    pass
elif x == 3377:
    pass
elif x == 3378:
    pass
elif x == 3379:
    pass
elif x == 3380:
    pass
elif x == 3381:
    pass
elif x == 3382:
    pass
elif x == 3383:
    pass
elif x == 3384:
    pass
elif x == 3385:
    pass
elif x == 3386:
    pass
elif x == 3387:
    pass
elif x == 3388:
    pass
elif x == 3389:
    pass
elif x == 3390:
    pass
elif x == 3391:
    pass
elif x == 3392:
    pass
elif x == 3393:
    pass
elif x == 3394:
    pass
elif x == 3395:
    pass
elif x == 3396:
    pass
elif x == 3397:
    pass
elif x == 3398:
    pass
elif x == 3399:
    pass
elif x == 3400:
    pass
elif x == 3401:
    pass
elif x == 3402:
    pass
elif x == 3403:
    pass
elif x == 3404:
    pass
elif x == 3405:
    pass
elif x == 3406:
    pass
elif x == 3407:
    pass
elif x == 3408:
    pass
elif x == 3409:
    pass
elif x == 3410:
    pass
elif x == 3411:
    pass
elif x == 3412:
    pass
elif x == 3413:
    pass
elif x == 3414:
    pass
elif x == 3415:
    pass
elif x == 3416:
    pass
elif x == 3417:
    pass
elif x == 3418:
    pass
elif x == 3419:
    pass
elif x == 3420:
    pass
elif x == 3421:
    pass
elif x == 3422:
    pass
elif x == 3423:
    pass
elif x == 3424:
    pass
elif x == 3425:
    pass
elif x == 3426:
    pass
elif x == 3427:
    pass
elif x == 3428:
    pass
elif x == 3429:
    pass
elif x == 3430:
    pass
elif x == 3431:
    pass
elif x == 3432:
    pass
elif x == 3433:
    pass
elif x == 3434:
    pass
elif x == 3435:
    pass
elif x == 3436:
    pass
elif x == 3437:
    pass
elif x == 3438:
    pass
elif x == 3439:
    pass
elif x == 3440:
    pass
elif x == 3441:
    pass
elif x == 3442:
    pass
elif x == 3443:
    pass
elif x == 3444:
    pass
elif x == 3445:
    pass
elif x == 3446:
    pass
elif x == 3447:
    pass
elif x == 3448:
    pass
elif x == 3449:
    pass
elif x == 3450:
    pass
elif x == 3451:
    pass
elif x == 3452:
    pass
elif x == 3453:
    pass
elif x == 3454:
    pass
elif x == 3455:
    pass
elif x == 3456:
    pass
elif x == 3457:
    pass
elif x == 3458:
    pass
elif x == 3459:
    pass
elif x == 3460:
    pass
elif x == 3461:
    pass
elif x == 3462:
    pass
elif x == 3463:
    pass
elif x == 3464:
    pass
elif x == 3465:
    pass
elif x == 3466:
    pass
elif x == 3467:
    pass
elif x == 3468:
    pass
elif x == 3469:
    pass
elif x == 3470:
    pass
elif x == 3471:
    pass
elif x == 3472:
    pass
elif x == 3473:
    pass
elif x == 3474:
    pass
elif x == 3475:
    pass
elif x == 3476:
    pass
elif x == 3477:
    pass
elif x == 3478:
    pass
elif x == 3479:
    pass
elif x == 3480:
    pass
elif x == 3481:
    pass
elif x == 3482:
    pass
elif x == 3483:
    pass
elif x == 3484:
    pass
elif x == 3485:
    pass
elif x == 3486:
    pass
elif x == 3487:
    pass
elif x == 3488:
    pass
elif x == 3489:
    pass
elif x == 3490:
    pass
elif x == 3491:
    pass
elif x == 3492:
    pass
elif x == 3493:
    pass
elif x == 3494:
    pass
elif x == 3495:
    pass
elif x == 3496:
    pass
elif x == 3497:
    pass
elif x == 3498:
    pass
elif x == 3499:
    pass
elif x == 3500:
    pass
elif x == 3501:
    pass
elif x == 3502:
    pass
elif x == 3503:
    pass
elif x == 3504:
    pass
elif x == 3505:
    pass
elif x == 3506:
    pass
elif x == 3507:
    pass
elif x == 3508:
    pass
elif x == 3509:
    pass
elif x == 3510:
    pass
elif x == 3511:
    pass
elif x == 3512:
    pass
elif x == 3513:
    pass
elif x == 3514:
    pass
elif x == 3515:
    pass
elif x == 3516:
    pass
elif x == 3517:
    pass
elif x == 3518:
    pass
elif x == 3519:
    pass
elif x == 3520:
    pass
elif x == 3521:
    pass
elif x == 3522:
    pass
elif x == 3523:
    pass
elif x == 3524:
    pass
elif x == 3525:
    pass
elif x == 3526:
    pass
elif x == 3527:
    pass
elif x == 3528:
    pass
elif x == 3529:
    pass
elif x == 3530:
    pass
elif x == 3531:
    pass
elif x == 3532:
    pass
elif x == 3533:
    pass
elif x == 3534:
    pass
elif x == 3535:
    pass
elif x == 3536:
    pass
elif x == 3537:
    pass
elif x == 3538:
    pass
elif x == 3539:
    pass
elif x == 3540:
    pass
elif x == 3541:
    pass
elif x == 3542:
    pass
elif x == 3543:
    pass
elif x == 3544:
    pass
elif x == 3545:
    pass
elif x == 3546:
    pass
elif x == 3547:
    pass
elif x == 3548:
    pass
elif x == 3549:
    pass
elif x == 3550:
    pass
elif x == 3551:
    pass
elif x == 3552:
    pass
elif x == 3553:
    pass
elif x == 3554:
    pass
elif x == 3555:
    pass
elif x == 3556:
    pass
elif x == 3557:
    pass
elif x == 3558:
    pass
elif x == 3559:
    pass
elif x == 3560:
    pass
elif x == 3561:
    pass
elif x == 3562:
    pass
elif x == 3563:
    pass
elif x == 3564:
    pass
elif x == 3565:
    pass
elif x == 3566:
    pass
elif x == 3567:
    pass
elif x == 3568:
    pass
elif x == 3569:
    pass
elif x == 3570:
    pass
elif x == 3571:
    pass
elif x == 3572:
    pass
elif x == 3573:
    pass
elif x == 3574:
    pass
elif x == 3575:
    pass
elif x == 3576:
    pass
elif x == 3577:
    pass
elif x == 3578:
    pass
elif x == 3579:
    pass
elif x == 3580:
    pass
elif x == 3581:
    pass
elif x == 3582:
    pass
elif x == 3583:
    pass
elif x == 3584:
    pass
elif x == 3585:
    pass
elif x == 3586:
    pass
elif x == 3587:
    pass
elif x == 3588:
    pass
elif x == 3589:
    pass
elif x == 3590:
    pass
elif x == 3591:
    pass
elif x == 3592:
    pass
elif x == 3593:
    pass
elif x == 3594:
    pass
elif x == 3595:
    pass
elif x == 3596:
    pass
elif x == 3597:
    pass
elif x == 3598:
    pass
elif x == 3599:
    pass
elif x == 3600:
    pass
elif x == 3601:
    pass
elif x == 3602:
    pass
elif x == 3603:
    pass
elif x == 3604:
    pass
elif x == 3605:
    pass
elif x == 3606:
    pass
elif x == 3607:
    pass
elif x == 3608:
    pass
elif x == 3609:
    pass
elif x == 3610:
    pass
elif x == 3611:
    pass
elif x == 3612:
    pass
elif x == 3613:
    pass
elif x == 3614:
    pass
elif x == 3615:
    pass
elif x == 3616:
    pass
elif x == 3617:
    pass
elif x == 3618:
    pass
elif x == 3619:
    pass
elif x == 3620:
    pass
elif x == 3621:
    pass
elif x == 3622:
    pass
elif x == 3623:
    pass
elif x == 3624:
    pass
elif x == 3625:
    pass
elif x == 3626:
    pass
elif x == 3627:
    pass
elif x == 3628:
    pass
elif x == 3629:
    pass
elif x == 3630:
    pass
elif x == 3631:
    pass
elif x == 3632:
    pass
elif x == 3633:
    pass
elif x == 3634:
    pass
elif x == 3635:
    pass
elif x == 3636:
    pass
elif x == 3637:
    pass
elif x == 3638:
    pass
elif x == 3639:
    pass
elif x == 3640:
    pass
elif x == 3641:
    pass
elif x == 3642:
    pass
elif x == 3643:
    pass
elif x == 3644:
    pass
elif x == 3645:
    pass
elif x == 3646:
    pass
elif x == 3647:
    pass
elif x == 3648:
    pass
elif x == 3649:
    pass
elif x == 3650:
    pass
elif x == 3651:
    pass
elif x == 3652:
    pass
elif x == 3653:
    pass
elif x == 3654:
    pass
elif x == 3655:
    pass
elif x == 3656:
    pass
elif x == 3657:
    pass
elif x == 3658:
    pass
elif x == 3659:
    pass
elif x == 3660:
    pass
elif x == 3661:
    pass
elif x == 3662:
    pass
elif x == 3663:
    pass
elif x == 3664:
    pass
elif x == 3665:
    pass
elif x == 3666:
    pass
elif x == 3667:
    pass
elif x == 3668:
    pass
elif x == 3669:
    pass
elif x == 3670:
    pass
elif x == 3671:
    pass
elif x == 3672:
    pass
elif x == 3673:
    pass
elif x == 3674:
    pass
elif x == 3675:
    pass
elif x == 3676:
    pass
elif x == 3677:
    pass
elif x == 3678:
    pass
elif x == 3679:
    pass
elif x == 3680:
    pass
elif x == 3681:
    pass
elif x == 3682:
    pass
elif x == 3683:
    pass
elif x == 3684:
    pass
elif x == 3685:
    pass
elif x == 3686:
    pass
elif x == 3687:
    pass
elif x == 3688:
    pass
elif x == 3689:
    pass
elif x == 3690:
    pass
elif x == 3691:
    pass
elif x == 3692:
    pass
elif x == 3693:
    pass
elif x == 3694:
    pass
elif x == 3695:
    pass
elif x == 3696:
    pass
elif x == 3697:
    pass
elif x == 3698:
    pass
elif x == 3699:
    pass
elif x == 3700:
    pass
elif x == 3701:
    pass
elif x == 3702:
    pass
elif x == 3703:
    pass
elif x == 3704:
    pass
elif x == 3705:
    pass
elif x == 3706:
    pass
elif x == 3707:
    pass
elif x == 3708:
    pass
elif x == 3709:
    pass
elif x == 3710:
    pass
elif x == 3711:
    pass
elif x == 3712:
    pass
elif x == 3713:
    pass
elif x == 3714:
    pass
elif x == 3715:
    pass
elif x == 3716:
    pass
elif x == 3717:
    pass
elif x == 3718:
    pass
elif x == 3719:
    pass
elif x == 3720:
    pass
elif x == 3721:
    pass
elif x == 3722:
    pass
elif x == 3723:
    pass
elif x == 3724:
    pass
elif x == 3725:
    pass
elif x == 3726:
    pass
elif x == 3727:
    pass
elif x == 3728:
    pass
elif x == 3729:
    pass
elif x == 3730:
    pass
elif x == 3731:
    pass
elif x == 3732:
    pass
elif x == 3733:
    pass
elif x == 3734:
    pass
elif x == 3735:
    pass
elif x == 3736:
    pass
elif x == 3737:
    pass
elif x == 3738:
    pass
elif x == 3739:
    pass
elif x == 3740:
    pass
elif x == 3741:
    pass
elif x == 3742:
    pass
elif x == 3743:
    pass
elif x == 3744:
    pass
elif x == 3745:
    pass
elif x == 3746:
    pass
elif x == 3747:
    pass
elif x == 3748:
    pass
elif x == 3749:
    pass
elif x == 3750:
    pass
elif x == 3751:
    pass
elif x == 3752:
    pass
elif x == 3753:
    pass
elif x == 3754:
    pass
elif x == 3755:
    pass
elif x == 3756:
    pass
elif x == 3757:
    pass
elif x == 3758:
    pass
elif x == 3759:
    pass
elif x == 3760:
    pass
elif x == 3761:
    pass
elif x == 3762:
    pass
elif x == 3763:
    pass
elif x == 3764:
    pass
elif x == 3765:
    pass
elif x == 3766:
    pass
elif x == 3767:
    pass
elif x == 3768:
    pass
elif x == 3769:
    pass
elif x == 3770:
    pass
elif x == 3771:
    pass
elif x == 3772:
    pass
elif x == 3773:
    pass
elif x == 3774:
    pass
elif x == 3775:
    pass
elif x == 3776:
    pass
elif x == 3777:
    pass
elif x == 3778:
    pass
elif x == 3779:
    pass
elif x == 3780:
    pass
elif x == 3781:
    pass
elif x == 3782:
    pass
elif x == 3783:
    pass
elif x == 3784:
    pass
elif x == 3785:
    pass
elif x == 3786:
    pass
elif x == 3787:
    pass
elif x == 3788:
    pass
elif x == 3789:
    pass
elif x == 3790:
    pass
elif x == 3791:
    pass
elif x == 3792:
    pass
elif x == 3793:
    pass
elif x == 3794:
    pass
elif x == 3795:
    pass
elif x == 3796:
    pass
elif x == 3797:
    pass
elif x == 3798:
    pass
elif x == 3799:
    pass
elif x == 3800:
    pass
elif x == 3801:
    pass
elif x == 3802:
    pass
elif x == 3803:
    pass
elif x == 3804:
    pass
elif x == 3805:
    pass
elif x == 3806:
    pass
elif x == 3807:
    pass
elif x == 3808:
    pass
elif x == 3809:
    pass
elif x == 3810:
    pass
elif x == 3811:
    pass
elif x == 3812:
    pass
elif x == 3813:
    pass
elif x == 3814:
    pass
elif x == 3815:
    pass
elif x == 3816:
    pass
elif x == 3817:
    pass
elif x == 3818:
    pass
elif x == 3819:
    pass
elif x == 3820:
    pass
elif x == 3821:
    pass
elif x == 3822:
    pass
elif x == 3823:
    pass
elif x == 3824:
    pass
elif x == 3825:
    pass
elif x == 3826:
    pass
elif x == 3827:
    pass
elif x == 3828:
    pass
elif x == 3829:
    pass
elif x == 3830:
    pass
elif x == 3831:
    pass
elif x == 3832:
    pass
elif x == 3833:
    pass
elif x == 3834:
    pass
elif x == 3835:
    pass
elif x == 3836:
    pass
elif x == 3837:
    pass
elif x == 3838:
    pass
elif x == 3839:
    pass
elif x == 3840:
    pass
elif x == 3841:
    pass
elif x == 3842:
    pass
elif x == 3843:
    pass
elif x == 3844:
    pass
elif x == 3845:
    pass
elif x == 3846:
    pass
elif x == 3847:
    pass
elif x == 3848:
    pass
elif x == 3849:
    pass
elif x == 3850:
    pass
elif x == 3851:
    pass
elif x == 3852:
    pass
elif x == 3853:
    pass
elif x == 3854:
    pass
elif x == 3855:
    pass
elif x == 3856:
    pass
elif x == 3857:
    pass
elif x == 3858:
    pass
elif x == 3859:
    pass
elif x == 3860:
    pass
elif x == 3861:
    pass
elif x == 3862:
    pass
elif x == 3863:
    pass
elif x == 3864:
    pass
elif x == 3865:
    pass
elif x == 3866:
    pass
elif x == 3867:
    pass
elif x == 3868:
    pass
elif x == 3869:
    pass
elif x == 3870:
    pass
elif x == 3871:
    pass
elif x == 3872:
    pass
elif x == 3873:
    pass
elif x == 3874:
    pass
elif x == 3875:
    pass
elif x == 3876:
    pass
elif x == 3877:
    pass
elif x == 3878:
    pass
elif x == 3879:
    pass
elif x == 3880:
    pass
elif x == 3881:
    pass
elif x == 3882:
    pass
elif x == 3883:
    pass
elif x == 3884:
    pass
elif x == 3885:
    pass
elif x == 3886:
    pass
elif x == 3887:
    pass
elif x == 3888:
    pass
elif x == 3889:
    pass
elif x == 3890:
    pass
elif x == 3891:
    pass
elif x == 3892:
    pass
elif x == 3893:
    pass
elif x == 3894:
    pass
elif x == 3895:
    pass
elif x == 3896:
    pass
elif x == 3897:
    pass
elif x == 3898:
    pass
elif x == 3899:
    pass
elif x == 3900:
    pass
elif x == 3901:
    pass
elif x == 3902:
    pass
elif x == 3903:
    pass
elif x == 3904:
    pass
elif x == 3905:
    pass
elif x == 3906:
    pass
elif x == 3907:
    pass
elif x == 3908:
    pass
elif x == 3909:
    pass
elif x == 3910:
    pass
elif x == 3911:
    pass
elif x == 3912:
    pass
elif x == 3913:
    pass
elif x == 3914:
    pass
elif x == 3915:
    pass
elif x == 3916:
    pass
elif x == 3917:
    pass
elif x == 3918:
    pass
elif x == 3919:
    pass
elif x == 3920:
    pass
elif x == 3921:
    pass
elif x == 3922:
    pass
elif x == 3923:
    pass
elif x == 3924:
    pass
elif x == 3925:
    pass
elif x == 3926:
    pass
elif x == 3927:
    pass
elif x == 3928:
    pass
elif x == 3929:
    pass
elif x == 3930:
    pass
elif x == 3931:
    pass
elif x == 3932:
    pass
elif x == 3933:
    pass
elif x == 3934:
    pass
elif x == 3935:
    pass
elif x == 3936:
    pass
elif x == 3937:
    pass
elif x == 3938:
    pass
elif x == 3939:
    pass
elif x == 3940:
    pass
elif x == 3941:
    pass
elif x == 3942:
    pass
elif x == 3943:
    pass
elif x == 3944:
    pass
elif x == 3945:
    pass
elif x == 3946:
    pass
elif x == 3947:
    pass
elif x == 3948:
    pass
elif x == 3949:
    pass
elif x == 3950:
    pass
elif x == 3951:
    pass
elif x == 3952:
    pass
elif x == 3953:
    pass
elif x == 3954:
    pass
elif x == 3955:
    pass
elif x == 3956:
    pass
elif x == 3957:
    pass
elif x == 3958:
    pass
elif x == 3959:
    pass
elif x == 3960:
    pass
elif x == 3961:
    pass
elif x == 3962:
    pass
elif x == 3963:
    pass
elif x == 3964:
    pass
elif x == 3965:
    pass
elif x == 3966:
    pass
elif x == 3967:
    pass
elif x == 3968:
    pass
elif x == 3969:
    pass
elif x == 3970:
    pass
elif x == 3971:
    pass
elif x == 3972:
    pass
elif x == 3973:
    pass
elif x == 3974:
    pass
elif x == 3975:
    pass
elif x == 3976:
    pass
elif x == 3977:
    pass
elif x == 3978:
    pass
elif x == 3979:
    pass
elif x == 3980:
    pass
elif x == 3981:
    pass
elif x == 3982:
    pass
elif x == 3983:
    pass
elif x == 3984:
    pass
elif x == 3985:
    pass
elif x == 3986:
    pass
elif x == 3987:
    pass
elif x == 3988:
    pass
elif x == 3989:
    pass
elif x == 3990:
    pass
elif x == 3991:
    pass
elif x == 3992:
    pass
elif x == 3993:
    pass
elif x == 3994:
    pass
elif x == 3995:
    pass
elif x == 3996:
    pass
elif x == 3997:
    pass
elif x == 3998:
    pass
elif x == 3999:
    pass
elif x == 4000:
    pass
elif x == 4001:
    pass
elif x == 4002:
    pass
elif x == 4003:
    pass
elif x == 4004:
    pass
elif x == 4005:
    pass
elif x == 4006:
    pass
elif x == 4007:
    pass
elif x == 4008:
    pass
elif x == 4009:
    pass
elif x == 4010:
    pass
elif x == 4011:
    pass
elif x == 4012:
    pass
elif x == 4013:
    pass
elif x == 4014:
    pass
elif x == 4015:
    pass
elif x == 4016:
    pass
elif x == 4017:
    pass
elif x == 4018:
    pass
elif x == 4019:
    pass
elif x == 4020:
    pass
elif x == 4021:
    pass
elif x == 4022:
    pass
elif x == 4023:
    pass
elif x == 4024:
    pass
elif x == 4025:
    pass
elif x == 4026:
    pass
elif x == 4027:
    pass
elif x == 4028:
    pass
elif x == 4029:
    pass
elif x == 4030:
    pass
elif x == 4031:
    pass
elif x == 4032:
    pass
elif x == 4033:
    pass
elif x == 4034:
    pass
elif x == 4035:
    pass
elif x == 4036:
    pass
elif x == 4037:
    pass
elif x == 4038:
    pass
elif x == 4039:
    pass
elif x == 4040:
    pass
elif x == 4041:
    pass
elif x == 4042:
    pass
elif x == 4043:
    pass
elif x == 4044:
    pass
elif x == 4045:
    pass
elif x == 4046:
    pass
elif x == 4047:
    pass
elif x == 4048:
    pass
elif x == 4049:
    pass
elif x == 4050:
    pass
elif x == 4051:
    pass
elif x == 4052:
    pass
elif x == 4053:
    pass
elif x == 4054:
    pass
elif x == 4055:
    pass
elif x == 4056:
    pass
elif x == 4057:
    pass
elif x == 4058:
    pass
elif x == 4059:
    pass
elif x == 4060:
    pass
elif x == 4061:
    pass
elif x == 4062:
    pass
elif x == 4063:
    pass
elif x == 4064:
    pass
elif x == 4065:
    pass
elif x == 4066:
    pass
elif x == 4067:
    pass
elif x == 4068:
    pass
elif x == 4069:
    pass
elif x == 4070:
    pass
elif x == 4071:
    pass
elif x == 4072:
    pass
elif x == 4073:
    pass
elif x == 4074:
    pass
elif x == 4075:
    pass
elif x == 4076:
    pass
elif x == 4077:
    pass
elif x == 4078:
    pass
elif x == 4079:
    pass
elif x == 4080:
    pass
elif x == 4081:
    pass
elif x == 4082:
    pass
elif x == 4083:
    pass
elif x == 4084:
    pass
elif x == 4085:
    pass
elif x == 4086:
    pass
elif x == 4087:
    pass
elif x == 4088:
    pass
elif x == 4089:
    pass
elif x == 4090:
    pass
elif x == 4091:
    pass
elif x == 4092:
    pass
elif x == 4093:
    pass
elif x == 4094:
    pass
elif x == 4095:
    pass
elif x == 4096:
    pass
elif x == 4097:
    pass
elif x == 4098:
    pass
elif x == 4099:
    pass
elif x == 4100:
    pass
elif x == 4101:
    pass
elif x == 4102:
    pass
elif x == 4103:
    pass
elif x == 4104:
    pass
elif x == 4105:
    pass
elif x == 4106:
    pass
elif x == 4107:
    pass
elif x == 4108:
    pass
elif x == 4109:
    pass
elif x == 4110:
    pass
elif x == 4111:
    pass
elif x == 4112:
    pass
elif x == 4113:
    pass
elif x == 4114:
    pass
elif x == 4115:
    pass
elif x == 4116:
    pass
elif x == 4117:
    pass
elif x == 4118:
    pass
elif x == 4119:
    pass
elif x == 4120:
    pass
elif x == 4121:
    pass
elif x == 4122:
    pass
elif x == 4123:
    pass
elif x == 4124:
    pass
elif x == 4125:
    pass
elif x == 4126:
    pass
elif x == 4127:
    pass
elif x == 4128:
    pass
elif x == 4129:
    pass
elif x == 4130:
    pass
elif x == 4131:
    pass
elif x == 4132:
    pass
elif x == 4133:
    pass
elif x == 4134:
    pass
elif x == 4135:
    pass
elif x == 4136:
    pass
elif x == 4137:
    pass
elif x == 4138:
    pass
elif x == 4139:
    pass
elif x == 4140:
    pass
elif x == 4141:
    pass
elif x == 4142:
    pass
elif x == 4143:
    pass
elif x == 4144:
    pass
elif x == 4145:
    pass
elif x == 4146:
    pass
elif x == 4147:
    pass
elif x == 4148:
    pass
elif x == 4149:
    pass
elif x == 4150:
    pass
elif x == 4151:
    pass
elif x == 4152:
    pass
elif x == 4153:
    pass
elif x == 4154:
    pass
elif x == 4155:
    pass
elif x == 4156:
    pass
elif x == 4157:
    pass
elif x == 4158:
    pass
elif x == 4159:
    pass
elif x == 4160:
    pass
elif x == 4161:
    pass
elif x == 4162:
    pass
elif x == 4163:
    pass
elif x == 4164:
    pass
elif x == 4165:
    pass
elif x == 4166:
    pass
elif x == 4167:
    pass
elif x == 4168:
    pass
elif x == 4169:
    pass
elif x == 4170:
    pass
elif x == 4171:
    pass
elif x == 4172:
    pass
elif x == 4173:
    pass
elif x == 4174:
    pass
elif x == 4175:
    pass
elif x == 4176:
    pass
elif x == 4177:
    pass
elif x == 4178:
    pass
elif x == 4179:
    pass
elif x == 4180:
    pass
elif x == 4181:
    pass
elif x == 4182:
    pass
elif x == 4183:
    pass
elif x == 4184:
    pass
elif x == 4185:
    pass
elif x == 4186:
    pass
elif x == 4187:
    pass
elif x == 4188:
    pass
elif x == 4189:
    pass
elif x == 4190:
    pass
elif x == 4191:
    pass
elif x == 4192:
    pass
elif x == 4193:
    pass
elif x == 4194:
    pass
elif x == 4195:
    pass
elif x == 4196:
    pass
elif x == 4197:
    pass
elif x == 4198:
    pass
elif x == 4199:
    pass
elif x == 4200:
    pass
elif x == 4201:
    pass
elif x == 4202:
    pass
elif x == 4203:
    pass
elif x == 4204:
    pass
elif x == 4205:
    pass
elif x == 4206:
    pass
elif x == 4207:
    pass
elif x == 4208:
    pass
elif x == 4209:
    pass
elif x == 4210:
    pass
elif x == 4211:
    pass
elif x == 4212:
    pass
elif x == 4213:
    pass
elif x == 4214:
    pass
elif x == 4215:
    pass
elif x == 4216:
    pass
elif x == 4217:
    pass
elif x == 4218:
    pass
elif x == 4219:
    pass
elif x == 4220:
    pass
elif x == 4221:
    pass
elif x == 4222:
    pass
elif x == 4223:
    pass
elif x == 4224:
    pass
elif x == 4225:
    pass
elif x == 4226:
    pass
elif x == 4227:
    pass
elif x == 4228:
    pass
elif x == 4229:
    pass
elif x == 4230:
    pass
elif x == 4231:
    pass
elif x == 4232:
    pass
elif x == 4233:
    pass
elif x == 4234:
    pass
elif x == 4235:
    pass
elif x == 4236:
    pass
elif x == 4237:
    pass
elif x == 4238:
    pass
elif x == 4239:
    pass
elif x == 4240:
    pass
elif x == 4241:
    pass
elif x == 4242:
    pass
elif x == 4243:
    pass
elif x == 4244:
    pass
elif x == 4245:
    pass
elif x == 4246:
    pass
elif x == 4247:
    pass
elif x == 4248:
    pass
elif x == 4249:
    pass
elif x == 4250:
    pass
elif x == 4251:
    pass
elif x == 4252:
    pass
elif x == 4253:
    pass
elif x == 4254:
    pass
elif x == 4255:
    pass
elif x == 4256:
    pass
elif x == 4257:
    pass
elif x == 4258:
    pass
elif x == 4259:
    pass
elif x == 4260:
    pass
elif x == 4261:
    pass
elif x == 4262:
    pass
elif x == 4263:
    pass
elif x == 4264:
    pass
elif x == 4265:
    pass
elif x == 4266:
    pass
elif x == 4267:
    pass
elif x == 4268:
    pass
elif x == 4269:
    pass
elif x == 4270:
    pass
elif x == 4271:
    pass
elif x == 4272:
    pass
elif x == 4273:
    pass
elif x == 4274:
    pass
elif x == 4275:
    pass
elif x == 4276:
    pass
elif x == 4277:
    pass
elif x == 4278:
    pass
elif x == 4279:
    pass
elif x == 4280:
    pass
elif x == 4281:
    pass
elif x == 4282:
    pass
elif x == 4283:
    pass
elif x == 4284:
    pass
elif x == 4285:
    pass
elif x == 4286:
    pass
elif x == 4287:
    pass
elif x == 4288:
    pass
elif x == 4289:
    pass
elif x == 4290:
    pass
elif x == 4291:
    pass
elif x == 4292:
    pass
elif x == 4293:
    pass
elif x == 4294:
    pass
elif x == 4295:
    pass
elif x == 4296:
    pass
elif x == 4297:
    pass
elif x == 4298:
    pass
elif x == 4299:
    pass
elif x == 4300:
    pass
elif x == 4301:
    pass
elif x == 4302:
    pass
elif x == 4303:
    pass
elif x == 4304:
    pass
elif x == 4305:
    pass
elif x == 4306:
    pass
elif x == 4307:
    pass
elif x == 4308:
    pass
elif x == 4309:
    pass
elif x == 4310:
    pass
elif x == 4311:
    pass
elif x == 4312:
    pass
elif x == 4313:
    pass
elif x == 4314:
    pass
elif x == 4315:
    pass
elif x == 4316:
    pass
elif x == 4317:
    pass
elif x == 4318:
    pass
elif x == 4319:
    pass
elif x == 4320:
    pass
elif x == 4321:
    pass
elif x == 4322:
    pass
elif x == 4323:
    pass
elif x == 4324:
    pass
elif x == 4325:
    pass
elif x == 4326:
    pass
elif x == 4327:
    pass
elif x == 4328:
    pass
elif x == 4329:
    pass
elif x == 4330:
    pass
elif x == 4331:
    pass
elif x == 4332:
    pass
elif x == 4333:
    pass
elif x == 4334:
    pass
elif x == 4335:
    pass
elif x == 4336:
    pass
elif x == 4337:
    pass
elif x == 4338:
    pass
elif x == 4339:
    pass
elif x == 4340:
    pass
elif x == 4341:
    pass
elif x == 4342:
    pass
elif x == 4343:
    pass
elif x == 4344:
    pass
elif x == 4345:
    pass
elif x == 4346:
    pass
elif x == 4347:
    pass
elif x == 4348:
    pass
elif x == 4349:
    pass
elif x == 4350:
    pass
elif x == 4351:
    pass
elif x == 4352:
    pass
elif x == 4353:
    pass
elif x == 4354:
    pass
elif x == 4355:
    pass
elif x == 4356:
    pass
elif x == 4357:
    pass
elif x == 4358:
    pass
elif x == 4359:
    pass
elif x == 4360:
    pass
elif x == 4361:
    pass
elif x == 4362:
    pass
elif x == 4363:
    pass
elif x == 4364:
    pass
elif x == 4365:
    pass
elif x == 4366:
    pass
elif x == 4367:
    pass
elif x == 4368:
    pass
elif x == 4369:
    pass
elif x == 4370:
    pass
elif x == 4371:
    pass
elif x == 4372:
    pass
elif x == 4373:
    pass
elif x == 4374:
    pass
elif x == 4375:
    pass
elif x == 4376:
    pass
elif x == 4377:
    pass
elif x == 4378:
    pass
elif x == 4379:
    pass
elif x == 4380:
    pass
elif x == 4381:
    pass
elif x == 4382:
    pass
elif x == 4383:
    pass
elif x == 4384:
    pass
elif x == 4385:
    pass
elif x == 4386:
    pass
elif x == 4387:
    pass
elif x == 4388:
    pass
elif x == 4389:
    pass
elif x == 4390:
    pass
elif x == 4391:
    pass
elif x == 4392:
    pass
elif x == 4393:
    pass
elif x == 4394:
    pass
elif x == 4395:
    pass
elif x == 4396:
    pass
elif x == 4397:
    pass
elif x == 4398:
    pass
elif x == 4399:
    pass
elif x == 4400:
    pass
elif x == 4401:
    pass
elif x == 4402:
    pass
elif x == 4403:
    pass
elif x == 4404:
    pass
elif x == 4405:
    pass
elif x == 4406:
    pass
elif x == 4407:
    pass
elif x == 4408:
    pass
elif x == 4409:
    pass
elif x == 4410:
    pass
elif x == 4411:
    pass
elif x == 4412:
    pass
elif x == 4413:
    pass
elif x == 4414:
    pass
elif x == 4415:
    pass
elif x == 4416:
    pass
elif x == 4417:
    pass
elif x == 4418:
    pass
elif x == 4419:
    pass
elif x == 4420:
    pass
elif x == 4421:
    pass
elif x == 4422:
    pass
elif x == 4423:
    pass
elif x == 4424:
    pass
elif x == 4425:
    pass
elif x == 4426:
    pass
elif x == 4427:
    pass
elif x == 4428:
    pass
elif x == 4429:
    pass
elif x == 4430:
    pass
elif x == 4431:
    pass
elif x == 4432:
    pass
elif x == 4433:
    pass
elif x == 4434:
    pass
elif x == 4435:
    pass
elif x == 4436:
    pass
elif x == 4437:
    pass
elif x == 4438:
    pass
elif x == 4439:
    pass
elif x == 4440:
    pass
elif x == 4441:
    pass
elif x == 4442:
    pass
elif x == 4443:
    pass
elif x == 4444:
    pass
elif x == 4445:
    pass
elif x == 4446:
    pass
elif x == 4447:
    pass
elif x == 4448:
    pass
elif x == 4449:
    pass
elif x == 4450:
    pass
elif x == 4451:
    pass
elif x == 4452:
    pass
elif x == 4453:
    pass
elif x == 4454:
    pass
elif x == 4455:
    pass
elif x == 4456:
    pass
elif x == 4457:
    pass
elif x == 4458:
    pass
elif x == 4459:
    pass
elif x == 4460:
    pass
elif x == 4461:
    pass
elif x == 4462:
    pass
elif x == 4463:
    pass
elif x == 4464:
    pass
elif x == 4465:
    pass
elif x == 4466:
    pass
elif x == 4467:
    pass
elif x == 4468:
    pass
elif x == 4469:
    pass
elif x == 4470:
    pass
elif x == 4471:
    pass
elif x == 4472:
    pass
elif x == 4473:
    pass
elif x == 4474:
    pass
elif x == 4475:
    pass
elif x == 4476:
    pass
elif x == 4477:
    pass
elif x == 4478:
    pass
elif x == 4479:
    pass
elif x == 4480:
    pass
elif x == 4481:
    pass
elif x == 4482:
    pass
elif x == 4483:
    pass
elif x == 4484:
    pass
elif x == 4485:
    pass
elif x == 4486:
    pass
elif x == 4487:
    pass
elif x == 4488:
    pass
elif x == 4489:
    pass
elif x == 4490:
    pass
elif x == 4491:
    pass
elif x == 4492:
    pass
elif x == 4493:
    pass
elif x == 4494:
    pass
elif x == 4495:
    pass
elif x == 4496:
    pass
elif x == 4497:
    pass
elif x == 4498:
    pass
elif x == 4499:
    pass
elif x == 4500:
    pass
elif x == 4501:
    pass
elif x == 4502:
    pass
elif x == 4503:
    pass
elif x == 4504:
    pass
elif x == 4505:
    pass
elif x == 4506:
    pass
elif x == 4507:
    pass
elif x == 4508:
    pass
elif x == 4509:
    pass
elif x == 4510:
    pass
elif x == 4511:
    pass
elif x == 4512:
    pass
elif x == 4513:
    pass
elif x == 4514:
    pass
elif x == 4515:
    pass
elif x == 4516:
    pass
elif x == 4517:
    pass
elif x == 4518:
    pass
elif x == 4519:
    pass
elif x == 4520:
    pass
elif x == 4521:
    pass
elif x == 4522:
    pass
elif x == 4523:
    pass
elif x == 4524:
    pass
elif x == 4525:
    pass
elif x == 4526:
    pass
elif x == 4527:
    pass
elif x == 4528:
    pass
elif x == 4529:
    pass
elif x == 4530:
    pass
elif x == 4531:
    pass
elif x == 4532:
    pass
elif x == 4533:
    pass
elif x == 4534:
    pass
elif x == 4535:
    pass
elif x == 4536:
    pass
elif x == 4537:
    pass
elif x == 4538:
    pass
elif x == 4539:
    pass
elif x == 4540:
    pass
elif x == 4541:
    pass
elif x == 4542:
    pass
elif x == 4543:
    pass
elif x == 4544:
    pass
elif x == 4545:
    pass
elif x == 4546:
    pass
elif x == 4547:
    pass
elif x == 4548:
    pass
elif x == 4549:
    pass
elif x == 4550:
    pass
elif x == 4551:
    pass
elif x == 4552:
    pass
elif x == 4553:
    pass
elif x == 4554:
    pass
elif x == 4555:
    pass
elif x == 4556:
    pass
elif x == 4557:
    pass
elif x == 4558:
    pass
elif x == 4559:
    pass
elif x == 4560:
    pass
elif x == 4561:
    pass
elif x == 4562:
    pass
elif x == 4563:
    pass
elif x == 4564:
    pass
elif x == 4565:
    pass
elif x == 4566:
    pass
elif x == 4567:
    pass
elif x == 4568:
    pass
elif x == 4569:
    pass
elif x == 4570:
    pass
elif x == 4571:
    pass
elif x == 4572:
    pass
elif x == 4573:
    pass
elif x == 4574:
    pass
elif x == 4575:
    pass
elif x == 4576:
    pass
elif x == 4577:
    pass
elif x == 4578:
    pass
elif x == 4579:
    pass
elif x == 4580:
    pass
elif x == 4581:
    pass
elif x == 4582:
    pass
elif x == 4583:
    pass
elif x == 4584:
    pass
elif x == 4585:
    pass
elif x == 4586:
    pass
elif x == 4587:
    pass
elif x == 4588:
    pass
elif x == 4589:
    pass
elif x == 4590:
    pass
elif x == 4591:
    pass
elif x == 4592:
    pass
elif x == 4593:
    pass
elif x == 4594:
    pass
elif x == 4595:
    pass
elif x == 4596:
    pass
elif x == 4597:
    pass
elif x == 4598:
    pass
elif x == 4599:
    pass
elif x == 4600:
    pass
elif x == 4601:
    pass
elif x == 4602:
    pass
elif x == 4603:
    pass
elif x == 4604:
    pass
elif x == 4605:
    pass
elif x == 4606:
    pass
elif x == 4607:
    pass
elif x == 4608:
    pass
elif x == 4609:
    pass
elif x == 4610:
    pass
elif x == 4611:
    pass
elif x == 4612:
    pass
elif x == 4613:
    pass
elif x == 4614:
    pass
elif x == 4615:
    pass
elif x == 4616:
    pass
elif x == 4617:
    pass
elif x == 4618:
    pass
elif x == 4619:
    pass
elif x == 4620:
    pass
elif x == 4621:
    pass
elif x == 4622:
    pass
elif x == 4623:
    pass
elif x == 4624:
    pass
elif x == 4625:
    pass
elif x == 4626:
    pass
elif x == 4627:
    pass
elif x == 4628:
    pass
elif x == 4629:
    pass
elif x == 4630:
    pass
elif x == 4631:
    pass
elif x == 4632:
    pass
elif x == 4633:
    pass
elif x == 4634:
    pass
elif x == 4635:
    pass
elif x == 4636:
    pass
elif x == 4637:
    pass
elif x == 4638:
    pass
elif x == 4639:
    pass
elif x == 4640:
    pass
elif x == 4641:
    pass
elif x == 4642:
    pass
elif x == 4643:
    pass
elif x == 4644:
    pass
elif x == 4645:
    pass
elif x == 4646:
    pass
elif x == 4647:
    pass
elif x == 4648:
    pass
elif x == 4649:
    pass
elif x == 4650:
    pass
elif x == 4651:
    pass
elif x == 4652:
    pass
elif x == 4653:
    pass
elif x == 4654:
    pass
elif x == 4655:
    pass
elif x == 4656:
    pass
elif x == 4657:
    pass
elif x == 4658:
    pass
elif x == 4659:
    pass
elif x == 4660:
    pass
elif x == 4661:
    pass
elif x == 4662:
    pass
elif x == 4663:
    pass
elif x == 4664:
    pass
elif x == 4665:
    pass
elif x == 4666:
    pass
elif x == 4667:
    pass
elif x == 4668:
    pass
elif x == 4669:
    pass
elif x == 4670:
    pass
elif x == 4671:
    pass
elif x == 4672:
    pass
elif x == 4673:
    pass
elif x == 4674:
    pass
elif x == 4675:
    pass
elif x == 4676:
    pass
elif x == 4677:
    pass
elif x == 4678:
    pass
elif x == 4679:
    pass
elif x == 4680:
    pass
elif x == 4681:
    pass
elif x == 4682:
    pass
elif x == 4683:
    pass
elif x == 4684:
    pass
elif x == 4685:
    pass
elif x == 4686:
    pass
elif x == 4687:
    pass
elif x == 4688:
    pass
elif x == 4689:
    pass
elif x == 4690:
    pass
elif x == 4691:
    pass
elif x == 4692:
    pass
elif x == 4693:
    pass
elif x == 4694:
    pass
elif x == 4695:
    pass
elif x == 4696:
    pass
elif x == 4697:
    pass
elif x == 4698:
    pass
elif x == 4699:
    pass
elif x == 4700:
    pass
elif x == 4701:
    pass
elif x == 4702:
    pass
elif x == 4703:
    pass
elif x == 4704:
    pass
elif x == 4705:
    pass
elif x == 4706:
    pass
elif x == 4707:
    pass
elif x == 4708:
    pass
elif x == 4709:
    pass
elif x == 4710:
    pass
elif x == 4711:
    pass
elif x == 4712:
    pass
elif x == 4713:
    pass
elif x == 4714:
    pass
elif x == 4715:
    pass
elif x == 4716:
    pass
elif x == 4717:
    pass
elif x == 4718:
    pass
elif x == 4719:
    pass
elif x == 4720:
    pass
elif x == 4721:
    pass
elif x == 4722:
    pass
elif x == 4723:
    pass
elif x == 4724:
    pass
elif x == 4725:
    pass
elif x == 4726:
    pass
elif x == 4727:
    pass
elif x == 4728:
    pass
elif x == 4729:
    pass
elif x == 4730:
    pass
elif x == 4731:
    pass
elif x == 4732:
    pass
elif x == 4733:
    pass
elif x == 4734:
    pass
elif x == 4735:
    pass
elif x == 4736:
    pass
elif x == 4737:
    pass
elif x == 4738:
    pass
elif x == 4739:
    pass
elif x == 4740:
    pass
elif x == 4741:
    pass
elif x == 4742:
    pass
elif x == 4743:
    pass
elif x == 4744:
    pass
elif x == 4745:
    pass
elif x == 4746:
    pass
elif x == 4747:
    pass
elif x == 4748:
    pass
elif x == 4749:
    pass
elif x == 4750:
    pass
elif x == 4751:
    pass
elif x == 4752:
    pass
elif x == 4753:
    pass
elif x == 4754:
    pass
elif x == 4755:
    pass
elif x == 4756:
    pass
elif x == 4757:
    pass
elif x == 4758:
    pass
elif x == 4759:
    pass
elif x == 4760:
    pass
elif x == 4761:
    pass
elif x == 4762:
    pass
elif x == 4763:
    pass
elif x == 4764:
    pass
elif x == 4765:
    pass
elif x == 4766:
    pass
elif x == 4767:
    pass
elif x == 4768:
    pass
elif x == 4769:
    pass
elif x == 4770:
    pass
elif x == 4771:
    pass
elif x == 4772:
    pass
elif x == 4773:
    pass
elif x == 4774:
    pass
elif x == 4775:
    pass
elif x == 4776:
    pass
elif x == 4777:
    pass
elif x == 4778:
    pass
elif x == 4779:
    pass
elif x == 4780:
    pass
elif x == 4781:
    pass
elif x == 4782:
    pass
elif x == 4783:
    pass
elif x == 4784:
    pass
elif x == 4785:
    pass
elif x == 4786:
    pass
elif x == 4787:
    pass
elif x == 4788:
    pass
elif x == 4789:
    pass
elif x == 4790:
    pass
elif x == 4791:
    pass
elif x == 4792:
    pass
elif x == 4793:
    pass
elif x == 4794:
    pass
elif x == 4795:
    pass
elif x == 4796:
    pass
elif x == 4797:
    pass
elif x == 4798:
    pass
elif x == 4799:
    pass
elif x == 4800:
    pass
elif x == 4801:
    pass
elif x == 4802:
    pass
elif x == 4803:
    pass
elif x == 4804:
    pass
elif x == 4805:
    pass
elif x == 4806:
    pass
elif x == 4807:
    pass
elif x == 4808:
    pass
elif x == 4809:
    pass
elif x == 4810:
    pass
elif x == 4811:
    pass
elif x == 4812:
    pass
elif x == 4813:
    pass
elif x == 4814:
    pass
elif x == 4815:
    pass
elif x == 4816:
    pass
elif x == 4817:
    pass
elif x == 4818:
    pass
elif x == 4819:
    pass
elif x == 4820:
    pass
elif x == 4821:
    pass
elif x == 4822:
    pass
elif x == 4823:
    pass
elif x == 4824:
    pass
elif x == 4825:
    pass
elif x == 4826:
    pass
elif x == 4827:
    pass
elif x == 4828:
    pass
elif x == 4829:
    pass
elif x == 4830:
    pass
elif x == 4831:
    pass
elif x == 4832:
    pass
elif x == 4833:
    pass
elif x == 4834:
    pass
elif x == 4835:
    pass
elif x == 4836:
    pass
elif x == 4837:
    pass
elif x == 4838:
    pass
elif x == 4839:
    pass
elif x == 4840:
    pass
elif x == 4841:
    pass
elif x == 4842:
    pass
elif x == 4843:
    pass
elif x == 4844:
    pass
elif x == 4845:
    pass
elif x == 4846:
    pass
elif x == 4847:
    pass
elif x == 4848:
    pass
elif x == 4849:
    pass
elif x == 4850:
    pass
elif x == 4851:
    pass
elif x == 4852:
    pass
elif x == 4853:
    pass
elif x == 4854:
    pass
elif x == 4855:
    pass
elif x == 4856:
    pass
elif x == 4857:
    pass
elif x == 4858:
    pass
elif x == 4859:
    pass
elif x == 4860:
    pass
elif x == 4861:
    pass
elif x == 4862:
    pass
elif x == 4863:
    pass
elif x == 4864:
    pass
elif x == 4865:
    pass
elif x == 4866:
    pass
elif x == 4867:
    pass
elif x == 4868:
    pass
elif x == 4869:
    pass
elif x == 4870:
    pass
elif x == 4871:
    pass
elif x == 4872:
    pass
elif x == 4873:
    pass
elif x == 4874:
    pass
elif x == 4875:
    pass
elif x == 4876:
    pass
elif x == 4877:
    pass
elif x == 4878:
    pass
elif x == 4879:
    pass
elif x == 4880:
    pass
elif x == 4881:
    pass
elif x == 4882:
    pass
elif x == 4883:
    pass
elif x == 4884:
    pass
elif x == 4885:
    pass
elif x == 4886:
    pass
elif x == 4887:
    pass
elif x == 4888:
    pass
elif x == 4889:
    pass
elif x == 4890:
    pass
elif x == 4891:
    pass
elif x == 4892:
    pass
elif x == 4893:
    pass
elif x == 4894:
    pass
elif x == 4895:
    pass
elif x == 4896:
    pass
elif x == 4897:
    pass
elif x == 4898:
    pass
elif x == 4899:
    pass
elif x == 4900:
    pass
elif x == 4901:
    pass
elif x == 4902:
    pass
elif x == 4903:
    pass
elif x == 4904:
    pass
elif x == 4905:
    pass
elif x == 4906:
    pass
elif x == 4907:
    pass
elif x == 4908:
    pass
elif x == 4909:
    pass
elif x == 4910:
    pass
elif x == 4911:
    pass
elif x == 4912:
    pass
elif x == 4913:
    pass
elif x == 4914:
    pass
elif x == 4915:
    pass
elif x == 4916:
    pass
elif x == 4917:
    pass
elif x == 4918:
    pass
elif x == 4919:
    pass
elif x == 4920:
    pass
elif x == 4921:
    pass
elif x == 4922:
    pass
elif x == 4923:
    pass
elif x == 4924:
    pass
elif x == 4925:
    pass
elif x == 4926:
    pass
elif x == 4927:
    pass
elif x == 4928:
    pass
elif x == 4929:
    pass
elif x == 4930:
    pass
elif x == 4931:
    pass
elif x == 4932:
    pass
elif x == 4933:
    pass
elif x == 4934:
    pass
elif x == 4935:
    pass
elif x == 4936:
    pass
elif x == 4937:
    pass
elif x == 4938:
    pass
elif x == 4939:
    pass
elif x == 4940:
    pass
elif x == 4941:
    pass
elif x == 4942:
    pass
elif x == 4943:
    pass
elif x == 4944:
    pass
elif x == 4945:
    pass
elif x == 4946:
    pass
elif x == 4947:
    pass
elif x == 4948:
    pass
elif x == 4949:
    pass
elif x == 4950:
    pass
elif x == 4951:
    pass
elif x == 4952:
    pass
elif x == 4953:
    pass
elif x == 4954:
    pass
elif x == 4955:
    pass
elif x == 4956:
    pass
elif x == 4957:
    pass
elif x == 4958:
    pass
elif x == 4959:
    pass
elif x == 4960:
    pass
elif x == 4961:
    pass
elif x == 4962:
    pass
elif x == 4963:
    pass
elif x == 4964:
    pass
elif x == 4965:
    pass
elif x == 4966:
    pass
elif x == 4967:
    pass
elif x == 4968:
    pass
elif x == 4969:
    pass
elif x == 4970:
    pass
elif x == 4971:
    pass
elif x == 4972:
    pass
elif x == 4973:
    pass
elif x == 4974:
    pass
elif x == 4975:
    pass
elif x == 4976:
    pass
elif x == 4977:
    pass
elif x == 4978:
    pass
elif x == 4979:
    pass
elif x == 4980:
    pass
elif x == 4981:
    pass
elif x == 4982:
    pass
elif x == 4983:
    pass
elif x == 4984:
    pass
elif x == 4985:
    pass
elif x == 4986:
    pass
elif x == 4987:
    pass
elif x == 4988:
    pass
elif x == 4989:
    pass
elif x == 4990:
    pass
elif x == 4991:
    pass
elif x == 4992:
    pass
elif x == 4993:
    pass
elif x == 4994:
    pass
elif x == 4995:
    pass
elif x == 4996:
    pass
elif x == 4997:
    pass
elif x == 4998:
    pass
elif x == 4999:
    pass
